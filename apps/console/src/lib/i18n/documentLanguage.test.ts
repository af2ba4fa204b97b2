import { afterEach, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from './i18n';

describe('the document language', () => {
  afterEach(() => switchLanguage('en'));

  it('is the language the console starts in and follows every switch', async () => {
    // Set by the start-up choice (English in the test browser), not left to index.html.
    expect(document.documentElement.lang).toBe(i18n.resolvedLanguage);
    await switchLanguage('it');
    expect(document.documentElement.lang).toBe('it');
    await switchLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
