import { describe, expect, it } from 'vitest';
import { logoSizeError, svgSize } from './logoSize.ts';

const root = (width: string | null, height: string | null, viewBox: string | null = null) => ({
  width,
  height,
  viewBox,
});

describe('svgSize: the size a browser gives an SVG as an image', () => {
  it.each([
    ['width and height', root('300', '120px'), { width: 300, height: 120 }],
    ['the viewBox alone', root(null, null, '0 0 64,32'), { width: 64, height: 32 }],
    ['a height and the viewBox proportions', root(null, '120', '0 0 500 100'), { width: 600, height: 120 }],
    ['a width and the viewBox proportions', root('50', null, '0 0 100 240'), { width: 50, height: 120 }],
    ['percentages, falling back to the viewBox', root('100%', '100%', '0 0 10 20'), { width: 10, height: 20 }],
    ['fractions, rounded to whole pixels', root('20.4', '10.6'), { width: 20, height: 11 }],
  ])('from %s', (_what, attributes, size) => {
    expect(svgSize(attributes)).toEqual(size);
  });

  it.each([
    ['no attributes', root(null, null)],
    ['units other than px', root('10em', '3cm')],
    ['one side only', root('10', null)],
    ['a malformed viewBox', root(null, null, '0 0 10')],
    ['an empty viewBox', root(null, null, '0 0 0 10')],
  ])('knows none from %s', (_what, attributes) => {
    expect(svgSize(attributes)).toBeNull();
  });
});

describe('logoSizeError: the first LOGO_RULES side broken', () => {
  it('passes sizes within the rules', () => {
    expect(logoSizeError('logo', { width: 512, height: 512 })).toBeNull();
    expect(logoSizeError('named_logo', { width: 600, height: 120 })).toBeNull();
  });

  it('names the side, the required and the actual pixels, width first', () => {
    expect(logoSizeError('logo', { width: 513, height: 600 })).toMatchObject({
      key: 'imageWidthMax',
      params: { required: 512, actual: 513 },
    });
    expect(logoSizeError('logo', { width: 10, height: 600 })).toMatchObject({
      key: 'imageHeightMax',
      params: { required: 512, actual: 600 },
    });
    expect(logoSizeError('named_logo', { width: 300, height: 100 })).toMatchObject({
      key: 'imageHeightExact',
      params: { required: 120, actual: 100 },
    });
  });
});
