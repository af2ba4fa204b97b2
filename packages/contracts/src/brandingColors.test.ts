import { describe, expect, it } from 'vitest';
import { brandingVariables, contrast, DEFAULT_COLORS, readableOn, textOn } from './brandingColors.ts';
import { BRANDING_COLORS, defaultSettings } from './index.ts';

describe('branding colours as CSS variables', () => {
  it("starts from the customer settings' default colours", () => {
    const general = defaultSettings().general;
    expect(DEFAULT_COLORS).toEqual(Object.fromEntries(BRANDING_COLORS.map((c) => [c, general[c]])));
    const vars = brandingVariables();
    expect(vars['--pt-primary']).toBe('#000000');
    expect(vars['--pt-on-primary']).toBe('#FFFFFF');
    expect(vars['--pt-surface']).toBe('#FFFFFF');
    expect(vars['--pt-background']).toBe('#F5F5F5');
    expect(vars['--pt-header']).toBe('#333333');
    expect(vars['--pt-on-header']).toBe('#FFFFFF');
  });

  it("uses the customer's colours, and a missing or malformed one falls back to its default", () => {
    const vars = brandingVariables({ primary_color: '#1565c0', header_color: 'red', background_color: '#FFF' });
    expect(vars['--pt-primary']).toBe('#1565c0');
    expect(vars['--pt-header']).toBe('#333333');
    expect(vars['--pt-background']).toBe('#FFF');
    expect(vars['--pt-error']).toBe('#FF0000');
  });

  it('keeps every text readable (4.5:1) whatever colours the customer picks', () => {
    const picks = ['#000000', '#FFFFFF', '#FFA500', '#FF0000', '#FFFF00', '#777777', '#1565C0', '#00FF00', '#222244'];
    for (const primary of picks)
      for (const surface of picks) {
        const v = brandingVariables({ primary_color: primary, secondary_color: surface, error_color: primary });
        const pairs = [
          ['--pt-on-primary', '--pt-primary'],
          ['--pt-on-surface', '--pt-surface'],
          ['--pt-accent', '--pt-surface'],
          ['--pt-error-text', '--pt-surface'],
          ['--pt-warning-text', '--pt-surface'],
        ] as const;
        for (const [fg, bg] of pairs) {
          const ratio = contrast(v[fg] as string, v[bg] as string);
          expect([primary, surface, fg, ratio >= 4.5]).toEqual([primary, surface, fg, true]);
        }
      }
  });

  it('keeps a brand colour as it is when it already reads, and shifts it only as far as needed', () => {
    expect(readableOn('#1565C0', '#FFFFFF')).toBe('#1565C0');
    const orange = readableOn('#FFA500', '#FFFFFF');
    expect(contrast(orange, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(orange).not.toBe('#000000');
    expect(textOn('#FFFF00')).toBe('#000000');
    expect(textOn('#0D47A1')).toBe('#FFFFFF');
  });
});
