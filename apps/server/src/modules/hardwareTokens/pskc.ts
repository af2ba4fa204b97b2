/**
 * Reads a PSKC key container (RFC 6030) as token vendors ship it: HOTP and TOTP keys, their
 * secrets in plain (PlainValue) or encrypted with a pre-shared key (AES-128-CBC, the IV before
 * the CipherValue, section 6.1), each encrypted value checked against its ValueMAC with the
 * MAC key that the file carries encrypted with the same pre-shared key.
 *
 * A file that cannot be trusted as a whole (not XML, a DTD, a wrong key, a MAC that does not
 * match) throws and nothing of it is imported; a key that is merely not usable (another
 * algorithm, no serial) is reported on its own and the others are read.
 */
import { createDecipheriv, createHmac, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { ErrorCode, HardwareTokenKind } from '@portiere/contracts';
import type { Element, DOMParser as XmlParser } from '@xmldom/xmldom';
import { AppError } from '../../lib/errors.ts';

/** Loaded with the first import rather than at every start, as for SVG uploads. */
let parser: typeof XmlParser | undefined;
const DOMParser = (): typeof XmlParser => {
  parser ??= (createRequire(import.meta.url)('@xmldom/xmldom') as typeof import('@xmldom/xmldom')).DOMParser;
  return parser;
};

const PSKC_NS = 'urn:ietf:params:xml:ns:keyprov:pskc';
const KINDS: Record<string, HardwareTokenKind> = {
  [`${PSKC_NS}:hotp`]: 'hotp',
  [`${PSKC_NS}:totp`]: 'totp',
};
const AES128_CBC = 'http://www.w3.org/2001/04/xmlenc#aes128-cbc';
/** MAC algorithms of RFC 6030 section 6.1.1 (and the SHA-2 ones of RFC 6931) to node:crypto's names. */
const MAC_ALGORITHMS: Record<string, string> = {
  'http://www.w3.org/2000/09/xmldsig#hmac-sha1': 'sha1',
  'http://www.w3.org/2001/04/xmldsig-more#hmac-sha224': 'sha224',
  'http://www.w3.org/2001/04/xmldsig-more#hmac-sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#hmac-sha384': 'sha384',
  'http://www.w3.org/2001/04/xmldsig-more#hmac-sha512': 'sha512',
};
const HASHES = { SHA1: 'SHA1', SHA256: 'SHA256', SHA512: 'SHA512' } as const;
type Hash = keyof typeof HASHES;

export interface PskcKey {
  serial: string;
  kind: HardwareTokenKind;
  algorithm: Hash;
  digits: number;
  /** TOTP: seconds per code; null for HOTP. */
  period: number | null;
  /** HOTP: the counter the token is at. */
  counter: number;
  manufacturer: string | null;
  secret: Buffer;
}

export type PskcEntry = { key: PskcKey } | { failed: { key: string; code: ErrorCode } };

const ELEMENT_NODE = 1;
const children = (el: Element | null | undefined, name: string): Element[] => {
  const out: Element[] = [];
  for (let n = el?.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === ELEMENT_NODE && (n as Element).localName === name) out.push(n as Element);
  }
  return out;
};
const child = (el: Element | null | undefined, ...path: string[]): Element | null => {
  let at: Element | null | undefined = el;
  for (const name of path) at = children(at, name)[0];
  return at ?? null;
};
const text = (el: Element | null): string | null => {
  const t = el?.textContent?.trim();
  return t ? t : null;
};
const base64 = (el: Element | null): Buffer | null => {
  const t = text(el)?.replace(/\s+/g, '');
  if (!t || !/^[A-Za-z0-9+/]*={0,2}$/.test(t)) return null;
  return Buffer.from(t, 'base64');
};

/** A key-level refusal, caught per key. */
class KeyProblem extends Error {
  constructor(readonly code: ErrorCode) {
    super(code);
  }
}

function parse(xml: string): Element {
  // Looked for before parsing: a DTD (entities) is refused whatever the parser would make of it.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new AppError(422, 'pskcDoctype');
  let root: Element | null;
  try {
    const Parser = DOMParser();
    const doc = new Parser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(xml, 'text/xml');
    if (doc.doctype) throw new AppError(422, 'pskcDoctype');
    root = doc.documentElement;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(422, 'pskcInvalid');
  }
  if (root?.localName !== 'KeyContainer' || root.namespaceURI !== PSKC_NS) throw new AppError(422, 'pskcInvalid');
  return root;
}

/** The pre-shared key and the MAC key it opens, as the container declares them. */
interface Protection {
  decrypt(encrypted: Element): Buffer;
}

function protection(root: Element, psk: Buffer | undefined): Protection | null {
  const encryptionKey = child(root, 'EncryptionKey');
  if (!encryptionKey) return null;
  if (!child(encryptionKey, 'KeyName')) {
    // Named by their standards, which read the same in every language.
    const what = children(encryptionKey, 'DerivedKey').length ? 'PBKDF2' : 'X.509';
    throw new AppError(422, 'pskcUnsupported', { what });
  }
  if (!psk) throw new AppError(422, 'pskcKeyNeeded');
  const cbc = (encrypted: Element | null): Buffer => {
    const method = child(encrypted, 'EncryptionMethod')?.getAttribute('Algorithm');
    if (method !== AES128_CBC) throw new AppError(422, 'pskcUnsupported', { what: method ?? 'no encryption method' });
    const data = base64(child(encrypted, 'CipherData', 'CipherValue'));
    if (!data || data.length < 32 || data.length % 16) throw new AppError(422, 'pskcInvalid');
    return data;
  };
  const open = (data: Buffer): Buffer => {
    try {
      const decipher = createDecipheriv('aes-128-cbc', psk, data.subarray(0, 16));
      return Buffer.concat([decipher.update(data.subarray(16)), decipher.final()]);
    } catch {
      // Bad padding: the key is not the one the file was made with.
      throw new AppError(422, 'pskcKeyWrong');
    }
  };
  const macMethod = child(root, 'MACMethod');
  const hash = MAC_ALGORITHMS[macMethod?.getAttribute('Algorithm') ?? ''];
  if (!macMethod || !hash) {
    throw new AppError(422, 'pskcUnsupported', { what: macMethod?.getAttribute('Algorithm') || 'no MAC method' });
  }
  const macKey = open(cbc(child(macMethod, 'MACKey')));
  return {
    decrypt(encrypted) {
      const data = cbc(encrypted);
      // The MAC covers the CipherValue with its IV (RFC 6030 section 6.1.1); no MAC, no trust.
      const mac = base64(child(encrypted.parentNode as Element, 'ValueMAC'));
      const expected = createHmac(hash, macKey).update(data).digest();
      if (!mac || mac.length !== expected.length || !timingSafeEqual(mac, expected)) {
        throw new AppError(422, 'pskcKeyWrong');
      }
      return open(data);
    },
  };
}

/** A Data element's value: PlainValue as base64 (or decimal for numbers), or EncryptedValue. */
function value(data: Element | null, prot: Protection | null, numeric: boolean): Buffer | number | null {
  if (!data) return null;
  const encrypted = child(data, 'EncryptedValue');
  if (encrypted) {
    if (!prot) throw new AppError(422, 'pskcKeyNeeded');
    const bytes = prot.decrypt(encrypted);
    if (!numeric) return bytes;
    // An encrypted number is its big-endian bytes (RFC 6030 section 4.3.4).
    if (bytes.length < 1 || bytes.length > 6) throw new KeyProblem('pskcKeyParameters');
    return bytes.readUIntBE(0, bytes.length);
  }
  const plain = child(data, 'PlainValue');
  if (numeric) {
    const t = text(plain);
    if (!t || !/^\d{1,15}$/.test(t)) throw new KeyProblem('pskcKeyParameters');
    return Number(t);
  }
  return base64(plain);
}

function readKey(pkg: Element, key: Element, prot: Protection | null): PskcKey {
  const kind = KINDS[key.getAttribute('Algorithm') ?? ''];
  if (!kind) throw new KeyProblem('pskcKeyAlgorithm');
  const device = child(pkg, 'DeviceInfo');
  // The serial printed on the token; a file without one names its key by Id (RFC 6030 Figure 2).
  const serial = text(child(device, 'SerialNo')) ?? key.getAttribute('Id')?.trim();
  if (!serial || serial.length > 100) throw new KeyProblem('pskcKeyNoSerial');
  const params = child(key, 'AlgorithmParameters');
  const format = child(params, 'ResponseFormat');
  const digits = Number(format?.getAttribute('Length') ?? 6);
  const encoding = format?.getAttribute('Encoding') ?? 'DECIMAL';
  const suite =
    text(child(params, 'Suite'))
      ?.toUpperCase()
      .replace(/^HMAC-/, '')
      .replace('-', '') ?? 'SHA1';
  if (!Number.isInteger(digits) || digits < 6 || digits > 8 || encoding !== 'DECIMAL' || !(suite in HASHES)) {
    throw new KeyProblem('pskcKeyParameters');
  }
  const data = child(key, 'Data');
  const secret = value(child(data, 'Secret'), prot, false);
  if (!(secret instanceof Buffer) || secret.length === 0 || secret.length > 128)
    throw new KeyProblem('pskcKeyNoSecret');
  const counter = (value(child(data, 'Counter'), prot, true) as number | null) ?? 0;
  const period = kind === 'totp' ? ((value(child(data, 'TimeInterval'), prot, true) as number | null) ?? 30) : null;
  // A T0 other than the Unix epoch would shift every code: not supported.
  const t0 = value(child(data, 'Time'), prot, true);
  if (period !== null && (period < 1 || period > 3600 || (t0 !== null && t0 !== 0))) {
    throw new KeyProblem('pskcKeyParameters');
  }
  if (counter > 2 ** 31 - 1) throw new KeyProblem('pskcKeyParameters');
  return {
    serial,
    kind,
    algorithm: suite as Hash,
    digits,
    period,
    counter,
    manufacturer: text(child(device, 'Manufacturer'))?.slice(0, 200) ?? null,
    secret,
  };
}

/** Every key of the container, or why one could not be read. */
export function readPskc(xml: string, psk?: Buffer): PskcEntry[] {
  try {
    return readContainer(xml, psk);
  } catch (err) {
    // Whatever else a hostile document makes the reader throw is a file refused, never a 500.
    if (err instanceof AppError) throw err;
    throw new AppError(422, 'pskcInvalid');
  }
}

function readContainer(xml: string, psk: Buffer | undefined): PskcEntry[] {
  const root = parse(xml);
  const prot = protection(root, psk);
  const entries: PskcEntry[] = [];
  let position = 0;
  for (const pkg of children(root, 'KeyPackage')) {
    for (const key of children(pkg, 'Key')) {
      position++;
      const name =
        text(child(child(pkg, 'DeviceInfo'), 'SerialNo')) ?? key.getAttribute('Id')?.trim() ?? String(position);
      try {
        entries.push({ key: readKey(pkg, key, prot) });
      } catch (err) {
        if (!(err instanceof KeyProblem)) throw err;
        entries.push({ failed: { key: name.slice(0, 100) || String(position), code: err.code } });
      }
    }
  }
  if (!position) throw new AppError(422, 'pskcInvalid');
  return entries;
}
