import { deviceSigningInput } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { generateDeviceKey } from './deviceKeys';
import { deviceProof } from './deviceProof';

const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

async function verifies(publicKey: string, signature: string, input: string): Promise<boolean> {
  const key = await crypto.subtle.importKey(
    'spki',
    fromBase64url(publicKey),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    fromBase64url(signature),
    new TextEncoder().encode(input),
  );
}

describe("the device's key and proof", () => {
  it('keeps the private key inside the browser and gives out the public key as SPKI, base64url', async () => {
    const key = await generateDeviceKey();
    expect(key.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', key.privateKey)).rejects.toThrow();
    expect(key.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    // A P-256 SubjectPublicKeyInfo is 91 bytes.
    expect(fromBase64url(key.publicKey)).toHaveLength(91);
  });

  it("signs the contracts' signing input of the call, which the exported public key verifies", async () => {
    const key = await generateDeviceKey();
    const signer = { id: 'dev-1', privateKey: key.privateKey };
    const payload = { approve: true, number: 42, not_me: undefined };
    const path = '/api/v1/device/approvals/req-1/';
    const proof = await deviceProof(signer, 'POST', path, payload, 1_900_000_000_000);
    expect(proof.id).toBe('dev-1');
    expect(proof.signed_at).toBe(1_900_000_000_000);
    expect(proof.signature).toMatch(/^[A-Za-z0-9_-]+$/);
    // r‖s: 64 bytes, as the contract says (not DER).
    expect(fromBase64url(proof.signature)).toHaveLength(64);
    const input = deviceSigningInput('POST', path, proof.signed_at, { number: 42, approve: true });
    expect(input).toBe('POST /api/v1/device/approvals/req-1/\n1900000000000\n{"approve":true,"number":42}');
    expect(await verifies(key.publicKey, proof.signature, input)).toBe(true);
    // Any other call, time or body does not verify.
    for (const other of [
      deviceSigningInput('POST', '/api/v1/device/approvals/req-2/', proof.signed_at, payload),
      deviceSigningInput('POST', path, proof.signed_at + 1, payload),
      deviceSigningInput('POST', path, proof.signed_at, { ...payload, number: 17 }),
    ])
      expect(await verifies(key.publicKey, proof.signature, other)).toBe(false);
  });

  it('signs at the time of the call by default', async () => {
    const key = await generateDeviceKey();
    const before = Date.now();
    const proof = await deviceProof({ id: 'dev-1', privateKey: key.privateKey }, 'POST', '/api/v1/device/', {});
    expect(proof.signed_at).toBeGreaterThanOrEqual(before);
    expect(proof.signed_at).toBeLessThanOrEqual(Date.now());
    const input = deviceSigningInput('POST', '/api/v1/device/', proof.signed_at, {});
    expect(await verifies(key.publicKey, proof.signature, input)).toBe(true);
  });
});
