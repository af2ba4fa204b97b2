/**
 * A service provider's metadata fetched by address for the console's form (contracts/saml.ts,
 * `POST applications/saml-metadata/`). The server is the one that connects, so it is careful
 * where: request-filtering-agent checks the address each connection is made to (after DNS, so
 * a name that resolves to a private address is refused too) and refuses private, loopback and
 * link-local ones unless the operator allows them (SAML_METADATA_PRIVATE, for intranet
 * providers); the unspecified address and the clouds' instance metadata service stay refused
 * regardless.
 * Redirects are followed a few times, each checked again; the whole fetch is bounded in time and
 * size, and what comes back must be a service provider's metadata, so the endpoint reads nothing
 * else.
 */
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import {
  fieldError,
  SAML_METADATA_MAX_BYTES,
  SAML_METADATA_MAX_REDIRECTS,
  SAML_METADATA_TIMEOUT_S,
  type SamlMetadata,
  type SamlMetadataFetch,
  samlMetadataFetchErrors,
} from '@portiere/contracts';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { validationError } from '../lib/errors.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
/** Where clouds answer with a machine's credentials (AWS, GCP, Azure; AWS's IPv6 one). */
const INSTANCE_METADATA = ['169.254.169.254', 'fd00:ec2::254'];

type Answer = { status: number; location?: string; body: string };

/** A refusal of the address keyed as the form's field. */
const refused = (error: ReturnType<typeof fieldError>) => validationError({ url: error });

export class SamlMetadataFetcher {
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(
    allowPrivate: boolean,
    private readonly timeoutMs = SAML_METADATA_TIMEOUT_S * 1000,
  ) {
    const options = { allowPrivateIPAddress: allowPrivate, denyIPAddressList: INSTANCE_METADATA, keepAlive: false };
    this.agents = { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
  }

  async fetch(input: SamlMetadataFetch): Promise<SamlMetadata> {
    const errors = samlMetadataFetchErrors(input);
    if (Object.keys(errors).length) throw validationError(errors);
    const signal = AbortSignal.timeout(this.timeoutMs);
    let url = new URL(input.url);
    for (let redirects = 0; ; redirects++) {
      const answer = await this.get(url, signal);
      if (answer.location && redirects < SAML_METADATA_MAX_REDIRECTS) {
        url = new URL(answer.location, url);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(fieldError('httpUrl'));
        continue;
      }
      if (answer.status < 200 || answer.status > 299) {
        throw refused(fieldError('samlMetadataStatus', { status: answer.status }));
      }
      if (!isServiceProviderMetadata(answer.body)) throw refused(fieldError('samlMetadata'));
      return { metadata: answer.body, url: url.href };
    }
  }

  /** What went wrong on the way, as the operator can act on it. */
  private mapError(err: unknown, signal: AbortSignal) {
    if (signal.aborted) {
      return refused(fieldError('samlMetadataTimeout', { seconds: Math.ceil(this.timeoutMs / 1000) }));
    }
    // request-filtering-agent's refusal: "DNS lookup <address>(…) is not allowed. Because, …".
    if (err instanceof Error && / is not allowed\b/.test(err.message))
      return refused(fieldError('samlMetadataPrivate'));
    return refused(fieldError('samlMetadataUnreachable'));
  }

  private get(url: URL, signal: AbortSignal): Promise<Answer> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Answer>((resolve, reject) => {
      const fail = (err: unknown) => reject(this.mapError(err, signal));
      const req = client.get(
        url,
        {
          agent: url.protocol === 'https:' ? this.agents.https : this.agents.http,
          signal,
          headers: { accept: 'application/samlmetadata+xml, application/xml;q=0.9, */*;q=0.5' },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400 && res.headers.location) {
            res.resume();
            resolve({ status, location: res.headers.location, body: '' });
            return;
          }
          const tooLarge = () => {
            res.destroy();
            reject(refused(fieldError('samlMetadataTooLarge', { max: SAML_METADATA_MAX_BYTES / 1024 })));
          };
          if (Number(res.headers['content-length'] ?? 0) > SAML_METADATA_MAX_BYTES) return tooLarge();
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > SAML_METADATA_MAX_BYTES) return tooLarge();
            chunks.push(chunk);
          });
          res.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', fail);
        },
      );
      req.on('error', fail);
    });
  }
}

/** @xmldom/xmldom's parser, typed locally (its declarations bring DOM types into the server). */
interface XmlElement {
  localName: string;
  namespaceURI: string | null;
  getElementsByTagNameNS(ns: string, name: string): { length: number };
}
interface XmlParser {
  parseFromString(xml: string, type: string): { documentElement: XmlElement | null };
}

/** An EntityDescriptor (or a federation's EntitiesDescriptor) with an SP role; no DTD. */
function isServiceProviderMetadata(xml: string): boolean {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return false;
  const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as {
    DOMParser: new (o: { onError: (level: string) => void }) => XmlParser;
  };
  try {
    const parser = new DOMParser({
      onError: (level) => {
        if (level !== 'warning') throw new Error('not well-formed');
      },
    });
    const root = parser.parseFromString(xml, 'text/xml').documentElement;
    if (!root || root.namespaceURI !== MD) return false;
    if (root.localName !== 'EntityDescriptor' && root.localName !== 'EntitiesDescriptor') return false;
    return root.getElementsByTagNameNS(MD, 'SPSSODescriptor').length > 0;
  } catch {
    return false;
  }
}
