/**
 * A software stand-in for the smartphone app (contracts/device.ts), for API tests: its own P-256
 * key pair, enrolment by confirmation code, and device calls signed as the app signs them.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { type DeviceApproval, deviceSigningInput } from '@portiere/contracts';
import type { FastifyInstance } from 'fastify';
import { post } from './harness.ts';

export class SoftDevice {
  /** The app credential it is bound to, once enrolled (or as a copy claims). */
  id = '';
  /** Milliseconds its clock is off the server's. */
  skewMs = 0;
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });

  constructor(private readonly now: () => number = () => Date.now()) {}

  get publicKey(): string {
    return this.keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64url');
  }

  /** A device with another key that claims this one's credential (a copy of its record without the private key). */
  impostor(): SoftDevice {
    const copy = new SoftDevice(this.now);
    copy.id = this.id;
    return copy;
  }

  async enroll(app: FastifyInstance, code: string, extra: Record<string, unknown> = {}) {
    const res = await post(app, 'enroll/app/', {
      confirmation_code: code,
      deviceModel: 'Pixel 9',
      public_key: this.publicKey,
      ...extra,
    });
    if (res.status === 200) this.id = res.body.id;
    return res;
  }

  /** A signed device call to `path` (under /api/v1/). */
  call(app: FastifyInstance, path: string, payload: Record<string, unknown> = {}) {
    const signedAt = this.now() + this.skewMs;
    const input = deviceSigningInput('POST', `/api/v1/${path}`, signedAt, payload);
    const signature = sign('sha256', Buffer.from(input), { key: this.keys.privateKey, dsaEncoding: 'ieee-p1363' });
    return post(app, path, {
      ...payload,
      device: { id: this.id, signed_at: signedAt, signature: signature.toString('base64url') },
    });
  }

  async pending(app: FastifyInstance): Promise<DeviceApproval[]> {
    const res = await this.call(app, 'device/approvals/');
    if (res.status !== 200) throw new Error(`device/approvals/ answered ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.items;
  }

  answer(app: FastifyInstance, id: string, answer: Record<string, unknown>) {
    return this.call(app, `device/approvals/${id}/`, answer);
  }

  /** Approves the oldest pending request with `number` (the one the sign-in showed). */
  async approve(app: FastifyInstance, number: number) {
    const [request] = await this.pending(app);
    if (!request) throw new Error('no request is pending');
    return this.answer(app, request.id, { approve: true, number });
  }
}
