/**
 * One term per concept in each language: the variants a language must not use for a concept it
 * names otherwise, and no language named by its own name inside the other language's sentences
 * (only the language lists, common.languages, name each language as it names itself).
 */
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { it as italian } from './it';

/** Every phrase by its key, its placeholders ({workstation}) left out: they are not words. */
function phrases(obj: object, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null
      ? phrases(v, `${prefix}${k}.`)
      : [[`${prefix}${k}`, String(v).replace(/\{\w+\}/g, '')]],
  );
}

interface Term {
  concept: string;
  /** The word the language uses for it. */
  use: string;
  /** Variants found in the past, or likely: each one is a second name for the concept. */
  not: RegExp;
}

const GLOSSARY: Record<'en' | 'it', Term[]> = {
  en: [
    { concept: 'login group', use: 'login group', not: /\baccess groups?\b/i },
    { concept: 'smartcard', use: 'smartcard', not: /\bsmart cards?\b/i },
    { concept: 'audit trail', use: 'audit trail', not: /\baudit log\b/i },
  ],
  it: [
    { concept: 'login group', use: 'gruppo di login', not: /\bgrupp[oi] di accesso\b/i },
    // The product's name, as the menu writes it; no shortened "assistente".
    {
      concept: 'login assistant',
      use: 'Login Assistant',
      not: /\blogin assistant\b(?<!Login Assistant)|\bassistente\b/,
    },
    { concept: 'smartcard', use: 'smart card', not: /\bsmartcard\b/i },
    { concept: 'workstation', use: 'postazione', not: /\bpostazion[ei] di lavoro\b|\bworkstation\b/i },
    { concept: 'audit trail', use: 'registro attività', not: /\bregistro (delle attività|di audit)\b/i },
    { concept: 'app role', use: 'ruolo app', not: /\bruol[oi] applicativ[oi]\b/i },
  ],
};

/** Each language's own name: only the language lists may hold another language's. */
const OWN_NAMES = { en: 'English', it: 'Italiano', es: 'Español', de: 'Deutsch', fr: 'Français' };
const LANGUAGE_LISTS = 'common.languages.';

describe.each([
  ['en', en],
  ['it', italian],
] as const)('the %s phrases', (language, dictionary) => {
  const all = phrases(dictionary);

  it.each(GLOSSARY[language])('name "$concept" as "$use" only', ({ not }) => {
    expect(all.filter(([, text]) => not.test(text))).toEqual([]);
  });

  it('name no language by its own name outside the language lists', () => {
    const others = Object.entries(OWN_NAMES)
      .filter(([code]) => code !== language)
      .map(([, name]) => name);
    const foreign = new RegExp(`\\b(${others.join('|')})\\b`);
    expect(all.filter(([key, text]) => !key.startsWith(LANGUAGE_LISTS) && foreign.test(text))).toEqual([]);
  });
});
