/**
 * Text that no column can hold is refused once, for every route, before validation: a NUL
 * character (PostgreSQL text cannot store U+0000) or a lone UTF-16 surrogate (not Unicode,
 * it would be silently replaced). Path parameters, query and JSON body, keys included.
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

export function refuseBadText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = findBadText(request.params) ?? findBadText(request.query) ?? findBadText(request.body);
    if (path !== null) throw new AppError(400, 'invalidText', undefined, { [path]: fieldError('invalidText') });
  });
}
