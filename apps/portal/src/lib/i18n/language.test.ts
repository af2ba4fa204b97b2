import { describe, expect, it } from 'vitest';
import { pickLanguage, storedLanguage, storeLanguage, supported } from './language';

describe('the language the members pages start in', () => {
  it('is the browser language when it is English or Italian', () => {
    expect(pickLanguage(null, 'it-IT', 'en')).toBe('it');
    expect(pickLanguage(null, 'en-GB', 'it')).toBe('en');
    expect(pickLanguage(null, 'IT', null)).toBe('it');
  });

  it("else the customer's language when it is English or Italian, else English", () => {
    expect(pickLanguage(null, 'de-DE', 'it')).toBe('it');
    expect(pickLanguage(null, 'fr-FR', 'fr')).toBe('en');
    expect(pickLanguage(null, null, null)).toBe('en');
  });

  it("the member's own choice wins over both", () => {
    expect(pickLanguage('it', 'en-US', 'en')).toBe('it');
    expect(pickLanguage('en', 'it-IT', 'it')).toBe('en');
    // A stored value we have no dictionary for is ignored.
    expect(pickLanguage('fr', 'it-IT', 'en')).toBe('it');
  });

  it('keeps the choice in localStorage', () => {
    expect(storedLanguage()).toBeNull();
    storeLanguage('it');
    expect(storedLanguage()).toBe('it');
    localStorage.setItem('portiere.portal.language', 'xx');
    expect(storedLanguage()).toBeNull();
    expect(supported('it_IT'.replace('_', '-'))).toBe('it');
  });
});
