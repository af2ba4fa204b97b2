/**
 * RADIUS packets (RFC 2865) through the `radius` library: decoding an Access-Request with a
 * client's shared secret, and encoding the reply. Two things are done here beside it, for
 * BlastRADIUS (CVE-2024-3596):
 *
 * - the Message-Authenticator (RFC 3579 3.2) of a request is checked here with a constant-time
 *   comparison of the bytes (the library compares them as UTF-8 strings, which maps different
 *   invalid bytes to the same character);
 * - every reply carries a Message-Authenticator as its first attribute, whatever the request
 *   had, so that a client checking it cannot be sent a forged Access-Accept.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';

type RadiusLib = typeof import('radius');
let loaded: RadiusLib | undefined;
/** The library, loaded with the first packet: a server without RADIUS_PORT never loads it. */
const radius = (): RadiusLib => {
  loaded ??= createRequire(import.meta.url)('radius') as RadiusLib;
  return loaded;
};

export const ACCESS_REQUEST = 1;
/** RFC 5997: a device asking whether the server is up. */
export const STATUS_SERVER = 12;
const HEADER = 20;
const MESSAGE_AUTHENTICATOR = 80;
const PROXY_STATE = 33;
/** RFC 2865 3: a packet is at most 4096 bytes. */
export const MAX_PACKET = 4096;

export type ReplyCode = 'Access-Accept' | 'Access-Reject' | 'Access-Challenge';
export type ReplyAttribute = [name: string, value: string | number | Buffer];

/** A request's header: what a retransmission repeats (RFC 5080 2.2.2). */
export interface Header {
  code: number;
  identifier: number;
  authenticator: Buffer;
}

/** The header of a well-formed packet, or null (too short, or its length field lies). */
export function headerOf(packet: Buffer): Header | null {
  if (packet.length < HEADER || packet.length > MAX_PACKET) return null;
  const length = packet.readUInt16BE(2);
  if (length < HEADER || length > packet.length) return null;
  return { code: packet[0] ?? 0, identifier: packet[1] ?? 0, authenticator: packet.subarray(4, HEADER) };
}

/** Where the attributes' values of `type` start in the packet (at the top level). */
function offsetsOf(packet: Buffer, type: number): number[] {
  const found: number[] = [];
  const end = packet.readUInt16BE(2);
  for (let at = HEADER; at + 2 <= end; ) {
    const length = packet[at + 1] ?? 0;
    if (length < 2 || at + length > end) return found;
    if (packet[at] === type) found.push(at + 2);
    at += length;
  }
  return found;
}

/**
 * The request's Message-Authenticator: absent, or whether `secret` proves it. More than one, or
 * one of the wrong size, never holds.
 */
export function messageAuthenticator(packet: Buffer, secret: string): 'absent' | 'valid' | 'invalid' {
  const at = offsetsOf(packet, MESSAGE_AUTHENTICATOR);
  if (!at.length) return 'absent';
  const start = at[0] as number;
  if (at.length > 1 || packet[start - 1] !== 18) return 'invalid';
  const copy = Buffer.from(packet.subarray(0, packet.readUInt16BE(2)));
  const sent = Buffer.from(copy.subarray(start, start + 16));
  copy.fill(0, start, start + 16);
  const expected = createHmac('md5', secret).update(copy).digest();
  return timingSafeEqual(sent, expected) ? 'valid' : 'invalid';
}

/** What an Access-Request says, decoded with its client's secret. */
export interface AccessRequest {
  header: Header;
  userName: string | null;
  /** User-Password (PAP), decrypted; null without one (CHAP, EAP: not served). */
  password: string | null;
  state: Buffer | null;
  callingStationId: string | null;
  /** Proxy-State attributes, returned as they came (RFC 2865 5.33). */
  proxyStates: Buffer[];
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A Status-Server as the request a reply answers (its header only: it carries nothing else we read). */
export function statusRequest(packet: Buffer): AccessRequest {
  const header = headerOf(packet);
  if (!header) throw new Error('malformed packet');
  return { header, userName: null, password: null, state: null, callingStationId: null, proxyStates: [] };
}

/** Decodes an Access-Request; throws on a malformed packet. */
export function decodeRequest(packet: Buffer, secret: string): AccessRequest {
  const header = headerOf(packet);
  if (!header) throw new Error('malformed packet');
  const decoded = radius().decode({ packet: packet.subarray(0, packet.readUInt16BE(2)), secret });
  const a = decoded.attributes as Record<string, unknown>;
  const state = a.State;
  return {
    header,
    userName: text(a['User-Name']),
    password: text(a['User-Password']),
    state: Buffer.isBuffer(state) ? state : typeof state === 'string' ? Buffer.from(state) : null,
    callingStationId: text(a['Calling-Station-Id']),
    proxyStates: (decoded.raw_attributes as [number, Buffer][])
      .filter(([type]) => type === PROXY_STATE)
      .map(([, value]) => value),
  };
}

/**
 * The reply to `request`: Message-Authenticator first (computed over the packet with the
 * request's authenticator, RFC 3579 3.2), then the attributes, then the Proxy-States; then the
 * Response Authenticator over the whole.
 */
export function encodeReply(request: AccessRequest, code: ReplyCode, attributes: ReplyAttribute[], secret: string) {
  const packet = radius().encode({
    code,
    identifier: request.header.identifier,
    secret,
    add_message_authenticator: false,
    attributes: [
      ['Message-Authenticator', Buffer.alloc(16)],
      ...attributes,
      ...request.proxyStates.map((value) => [PROXY_STATE, value]),
    ],
  });
  request.header.authenticator.copy(packet, 4);
  const ma = createHmac('md5', secret).update(packet).digest();
  ma.copy(packet, HEADER + 2);
  createHash('md5').update(packet).update(secret).digest().copy(packet, 4);
  return packet;
}
