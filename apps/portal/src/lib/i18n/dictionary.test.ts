import { describe, expect, it as test } from 'vitest';
import { en } from './en';
import { it } from './it';

type Tree = { [key: string]: string | Tree };

/** Every leaf as [dotted path, text]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the dictionaries', () => {
  const english = new Map(leaves(en));
  const italian = new Map(leaves(it));

  test('have the same keys (the compiler checks it too)', () => {
    expect([...italian.keys()].sort()).toEqual([...english.keys()].sort());
  });

  test('fill the same placeholders in both languages', () => {
    for (const [key, text] of english)
      expect([key, placeholders(italian.get(key) ?? '')]).toEqual([key, placeholders(text)]);
  });

  test('have no empty phrase, and Italian differs from English where a word is translated', () => {
    for (const [key, text] of [...english, ...italian]) expect([key, text.trim().length > 0]).toEqual([key, true]);
    expect(it.enroll.title).not.toBe(en.enroll.title);
    expect(it.language.name).toBe('Italiano');
    expect(en.language.name).toBe('English');
  });

  test("say 'Passwords do not match.' as the spec words it", () => {
    expect(en.validation.passwordsMatch).toBe('Passwords do not match.');
  });
});
