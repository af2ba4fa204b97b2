import { describe, expect, it } from 'vitest';
import { deepMerge, defaultSettings, isUrl, missingTemplateTag, validateSection } from './settings.ts';

describe('settings validation shared by server and console', () => {
  it('accepts the defaults of every section', () => {
    const d = defaultSettings();
    for (const section of ['general', 'sca', 'cms', 'enroller', 'la'] as const)
      expect(validateSection(section, d[section])).toBeNull();
  });
  it('reports a range error with both bounds', () => {
    const sca = deepMerge(defaultSettings().sca, { totp_credential: { time_step: 61 } });
    expect(validateSection('sca', sca)).toEqual({
      'sca.totp_credential.time_step': {
        key: 'range',
        message: 'Value must be between 10 and 60.',
        params: { min: 10, max: 60 },
      },
    });
  });
  it('checks mandatory tags only in templates the customer wrote', () => {
    expect(missingTemplateTag('send_otp', { subject: '', content: '' })).toBeUndefined();
    expect(missingTemplateTag('send_otp', { subject: 'Code', content: 'Hi {username}' })).toBe('otp');
    expect(
      missingTemplateTag('send_enrollment_link', { subject: 'Join', content: '{enrollment_link}' }),
    ).toBeUndefined();
  });
  it('accepts URLs with or without protocol', () => {
    expect(isUrl('https://cdn.example.com/logo.png')).toBe(true);
    expect(isUrl('cdn.example.com/logo.png')).toBe(true);
    expect(isUrl('localhost:8080')).toBe(true);
    expect(isUrl('not a url')).toBe(false);
    expect(isUrl('http://')).toBe(false);
  });
  it('deep-merges a partial section without touching the base', () => {
    const base = defaultSettings();
    const merged = deepMerge(base.sca, { pin_credential: { max_attempts: 3 } });
    expect(merged.pin_credential).toEqual({ min_length: 4, max_length: 8, max_attempts: 3 });
    expect(base.sca.pin_credential.max_attempts).toBe(5);
  });
});
