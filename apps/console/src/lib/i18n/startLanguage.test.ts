import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, startLanguage } from './i18n';

describe('the start-up language', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const browser = (...languages: string[]) =>
    vi.stubGlobal('navigator', { ...navigator, languages, language: languages[0] ?? '' });

  it("is the browser's first language when it is a translation, English otherwise", () => {
    browser('it-IT', 'en-US');
    expect(startLanguage()).toBe('it');
    browser('de-DE', 'it-IT');
    expect(startLanguage()).toBe('en');
  });

  it('is the language chosen in the console, whatever the browser says', () => {
    browser('en-US');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'it');
    expect(startLanguage()).toBe('it');
  });
});
