/** Raw requests through app.inject() and the checks every answer must pass. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mailSettled } from './harness.ts';

export interface RawRequest {
  method: string;
  /** Full URL with query string, already encoded: '/api/v1/users/?page=1'. */
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** Rate limits count per client address; a distinct one keeps the limits out of the way. */
  remoteAddress?: string;
}

export interface RawResponse {
  status: number;
  contentType: string;
  text: string;
}

export async function send(app: FastifyInstance, req: RawRequest): Promise<RawResponse> {
  const res = await app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: req.headers ?? {},
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
    ...(req.remoteAddress ? { remoteAddress: req.remoteAddress } : {}),
  });
  // What the request queued has gone: the tables stay as the answer left them (test/harness.ts).
  await mailSettled(app, req.method);
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), text: res.body };
}

const paramsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** The documented error body `{reason, code, params?, details?}` (packages/contracts/src/errors.ts). */
export const apiErrorBodySchema = z
  .object({
    reason: z.string(),
    code: z.string(),
    params: paramsSchema.optional(),
    details: z
      .record(z.string(), z.object({ key: z.string(), message: z.string(), params: paramsSchema.optional() }).strict())
      .optional(),
  })
  .strict();

/** Why an error answer does not have the documented shape, or undefined when it has. */
export function errorBodyProblem(res: RawResponse): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `the body is not JSON (content-type ${res.contentType || 'none'})`;
  }
  const parsed = apiErrorBodySchema.safeParse(body);
  if (!parsed.success) return `the body is not {reason, code, params?, details?}: ${parsed.error.issues[0]?.message}`;
  return undefined;
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/** A short account of one exchange for assertion messages. */
export function describeExchange(req: RawRequest, res?: RawResponse): string {
  const payload =
    req.payload === undefined
      ? ''
      : ` body ${clip(typeof req.payload === 'string' ? JSON.stringify(req.payload) : `<${req.payload.toString('hex')}>`, 200)}`;
  const ct = req.headers?.['content-type'];
  const auth = req.headers?.authorization ? ' with a token' : ' without a token';
  const answer = res ? ` -> ${res.status} ${clip(res.text)}` : '';
  return `${req.method} ${clip(req.url, 200)}${auth}${ct !== undefined ? ` (content-type ${ct})` : ''}${payload}${answer}`;
}
