import { describe, expect, it } from 'vitest';
import { toLocale } from '../lib/i18n/i18n';
import { en } from './en';
import { it as italian } from './it';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
}

describe('locales', () => {
  it('Italian has exactly the English keys', () => {
    expect(keys(italian).sort()).toEqual(keys(en).sort());
  });

  it('every Italian phrase is a non-empty string with the same placeholders', () => {
    const lookup = (o: object, path: string) =>
      path.split('.').reduce<unknown>((acc, k) => (acc as Record<string, unknown>)[k], o) as string;
    for (const key of keys(en)) {
      const text = lookup(italian, key);
      expect(typeof text, key).toBe('string');
      expect(text.length, key).toBeGreaterThan(0);
      expect(placeholders(text), key).toEqual(placeholders(lookup(en, key)));
    }
  });

  it('maps browser languages to supported locales', () => {
    expect(toLocale('it-IT')).toBe('it');
    expect(toLocale('it')).toBe('it');
    expect(toLocale('en-GB')).toBe('en');
    expect(toLocale('de-DE')).toBe('en');
    expect(toLocale(undefined)).toBe('en');
  });
});
