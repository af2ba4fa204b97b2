import { describe, expect, it } from 'vitest';
import { normalizeHex, readableOn } from './colors';
import { readableDuration } from './durations';
import { insertTag } from './tags';

const units = { d: 'd', h: 'h', min: 'min', s: 's' };

describe('settings helpers', () => {
  it('reads durations in seconds the way a person does', () => {
    expect(readableDuration(3600, units)).toBe('1 h');
    expect(readableDuration(5400, units)).toBe('1 h 30 min');
    expect(readableDuration(2_592_000, units)).toBe('30 d');
    expect(readableDuration(90_061, units)).toBe('1 d 1 h 1 min 1 s');
    expect(readableDuration(Number.NaN, units)).toBe('');
  });

  it('inserts a tag at the cursor or in place of the selection', () => {
    expect(insertTag('Hello , bye', 'first_name', { start: 6, end: 6 })).toEqual({
      text: 'Hello {first_name}, bye',
      caret: 18,
    });
    expect(insertTag('Code: XXX', 'otp', { start: 6, end: 9 })).toEqual({ text: 'Code: {otp}', caret: 11 });
    expect(insertTag('End', 'otp', null)).toEqual({ text: 'End{otp}', caret: 8 });
  });

  it('picks readable text on a colour and writes hex colours one way', () => {
    expect(readableOn('#000000')).toBe('#FFFFFF');
    expect(readableOn('#FFA500')).toBe('#000000');
    expect(readableOn('#333333')).toBe('#FFFFFF');
    expect(normalizeHex('#ff00aa')).toBe('#FF00AA');
    expect(normalizeHex('red')).toBe('red');
  });
});
