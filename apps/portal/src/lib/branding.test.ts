import { describe, expect, it } from 'vitest';
import { applyBranding, logoOf } from './branding';

describe('branding on the page', () => {
  it('sets the variables on the page', () => {
    applyBranding(document.documentElement, { primary_color: '#1565C0' });
    expect(document.documentElement.style.getPropertyValue('--pt-primary')).toBe('#1565C0');
    expect(document.documentElement.style.getPropertyValue('--pt-on-primary')).toBe('#FFFFFF');
  });

  it('shows the named logo first, else the logo, else none', () => {
    expect(logoOf({ logo_url: '/l.png', named_logo_url: '/n.png' })).toBe('/n.png');
    expect(logoOf({ logo_url: '/l.png', named_logo_url: '' })).toBe('/l.png');
    expect(logoOf({ logo_url: '', named_logo_url: '' })).toBeNull();
    expect(logoOf(null)).toBeNull();
  });
});
