import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

describe('typed translation keys', () => {
  it('refuse misspelled and missing keys at type-check time', () => {
    const t = i18n.getFixedT('en');
    expect(t('members.search')).toBe('Search users');
    // Each line below must fail `npm run typecheck`; if one stopped failing, tsc reports the unused directive.
    // @ts-expect-error misspelled key
    expect(t('members.sarch')).toBe('members.sarch');
    // @ts-expect-error a key that no English phrase has
    expect(t('members.noSuchPhrase')).toBe('members.noSuchPhrase');
  });

  it('translate contract field errors by their key, with their params', () => {
    expect(i18n.getFixedT('it')('validation.range', { min: 4, max: 8 })).toBe(
      'Il valore deve essere compreso tra 4 e 8.',
    );
  });
});
