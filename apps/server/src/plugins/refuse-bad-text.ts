/**
 * Text that no column can hold is refused once, for every route, before validation: a NUL
 * character (PostgreSQL text cannot store U+0000) or a lone UTF-16 surrogate (not Unicode,
 * it would be silently replaced). Path parameters, query and JSON body, keys included. A body
 * whose bytes are not UTF-8 is refused as it is read, before it could become U+FFFD characters.
 */
import { fieldError } from '@portiere/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

const isBad = (text: string) => text.includes('\u0000') || !text.isWellFormed();

/** The dotted path of the first string holding bad text, or null. Iterative: bodies may nest deeply. */
export function findBadText(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (isBad(v)) return path || '_';
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${k}` : k;
        if (isBad(k)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** Fatal: a byte sequence that is not UTF-8 throws instead of decoding to U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function refuseBadText(app: FastifyInstance): void {
  // Fastify's JSON and text parsers read the bytes with replacement; these decode them strictly
  // and hand the text to Fastify's own JSON parsing (prototype poisoning refused, as before).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = decodeUtf8(body as Buffer);
    if (text === null) done(new AppError(400, 'invalidText'), undefined);
    else parseJson(request, text, done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body, done) => {
    const text = decodeUtf8(body as Buffer);
    if (text === null) done(new AppError(400, 'invalidText'), undefined);
    else done(null, text);
  });
  app.addHook('preValidation', async (request) => {
    const path = findBadText(request.params) ?? findBadText(request.query) ?? findBadText(request.body);
    if (path !== null) throw new AppError(400, 'invalidText', undefined, { [path]: fieldError('invalidText') });
  });
}

function decodeUtf8(bytes: Buffer): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}
