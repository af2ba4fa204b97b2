/**
 * A software security key for API tests (the browser tests use Chromium's virtual authenticator):
 * an ES256 key pair answering WebAuthn options as an authenticator would, with the encoding done by
 * @simplewebauthn/server's own CBOR helper. `counter` and `flags` are open so that a test can play
 * a clone (a counter behind) or a key without user verification.
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));
type Cbor = Parameters<typeof isoCBOR.encode>[0];

export class SoftKey {
  readonly id = new Uint8Array(sha256(String(Math.random())).subarray(0, 16));
  readonly aaguid = new Uint8Array(16).fill(7);
  counter = 0;
  /** User verification given with each answer (a PIN or fingerprint on the key). */
  verifies = true;
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });

  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
  ) {}

  get credentialId(): string {
    return b64(this.id);
  }

  private authData(attested: boolean): Uint8Array {
    const flags = UP | (this.verifies ? UV : 0) | (attested ? AT : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const head = Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count]);
    if (!attested) return head;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x as string)],
        [-3, isoBase64URL.toBuffer(jwk.y as string)],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    return Buffer.concat([head, this.aaguid, idLength, this.id, cose]);
  }

  private clientData(type: string, challenge: string, origin: string): Uint8Array {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to creation options (`POST enroll/{token}/webauthn/`). */
  register(options: { challenge: string }, origin = this.origin) {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, origin);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(true)],
      ]) as Cbor,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(attestationObject),
        transports: ['usb'],
      },
    };
  }

  /** The answer to request options (`POST signin/{uid}/webauthn/`): the counter moves on first. */
  assert(options: { challenge: string }, origin = this.origin) {
    this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const authenticatorData = this.authData(false);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authenticatorData),
        signature: b64(signature),
      },
    };
  }
}
