import { type FieldError, issueFieldError } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveForm } from '../../test/contractForm';

/** The keys the resolver's error map gives (it sees the raw issues, with their input). */
function keysOf(schema: z.ZodType, value: unknown) {
  const keys: unknown[] = [];
  // zod runs the error map as the issues are read.
  void schema.safeParse(value, {
    error: (issue) => {
      const fe = issueFieldError(issue);
      keys.push(fe.params ? [fe.key, fe.params] : fe.key);
      return fe.message;
    },
  }).error?.issues;
  return keys;
}

describe('zod issues as the spec validation messages', () => {
  it('says required for an empty text, list or choice, maxLength and minLength for text bounds', () => {
    expect(keysOf(z.string().trim().min(1), '  ')).toEqual(['required']);
    expect(keysOf(z.array(z.string()).min(1), [])).toEqual(['required']);
    expect(keysOf(z.enum(['a', 'b']), '')).toEqual(['required']);
    expect(keysOf(z.string(), undefined)).toEqual(['required']);
    expect(keysOf(z.string().max(3), 'abcd')).toEqual([['maxLength', { max: 3 }]]);
    expect(keysOf(z.string().min(8), 'abc')).toEqual([['minLength', { min: 8 }]]);
  });

  it('says range for a number outside the bounds the contract declares, or no number at all', () => {
    const wait = z.number().int().min(100).max(30_000);
    expect(keysOf(wait, 99)).toEqual([['range', { min: 100, max: 30_000 }]]);
    expect(keysOf(z.object({ ms: wait }), { ms: 40_000 })).toEqual([['range', { min: 100, max: 30_000 }]]);
    expect(keysOf(wait, Number.NaN)).toEqual([['range', { min: 100, max: 30_000 }]]);
    expect(keysOf(z.number().int(), 1.5)).toEqual(['invalid']);
  });

  it('names a contract rule by its params key, else says invalid', () => {
    expect(
      keysOf(
        z.string().refine(() => false, { params: { key: 'url' } }),
        'x',
      ),
    ).toEqual(['url']);
    expect(keysOf(z.email(), 'x')).toEqual(['email']);
    expect(keysOf(z.enum(['a', 'b']), 'c')).toEqual(['invalid']);
    expect(keysOf(z.iso.date(), '2030-13-45')).toEqual(['invalid']);
  });

  it('gives the message in the user language, contract rules winning on their field', async () => {
    const form = {
      schema: z.object({ name: z.string().trim().min(1), url: z.string() }),
      rules: (v: { url: string }): Record<string, FieldError> =>
        v.url ? {} : { url: { key: 'httpUrl', message: '' } },
    };
    expect((await resolveForm(form, { name: '', url: '' }, 'en')).errors).toEqual({
      name: 'This field is required.',
      url: 'The URL must start with http:// or https://.',
    });
    expect((await resolveForm(form, { name: '', url: 'x' }, 'it')).errors).toEqual({
      name: 'Questo campo è obbligatorio.',
    });
    expect((await resolveForm(form, { name: ' a ', url: 'x' })).input).toEqual({ name: 'a', url: 'x' });
  });
});
