/** The SVG checks on their own: what counts as an SVG, as unsafe, and the size a browser gives it. */
import { describe, expect, it } from 'vitest';
import { inspectSvg } from './svg-check.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const inspect = (text: string) => inspectSvg(Buffer.from(text));

describe('inspectSvg', () => {
  it.each([
    ['width and height', `<svg ${NS} width="300" height="120px"/>`, { width: 300, height: 120 }],
    ['the viewBox alone', `<svg ${NS} viewBox="0 0 64,32"/>`, { width: 64, height: 32 }],
    [
      'a height and the viewBox proportions',
      `<svg ${NS} height="120" viewBox="0 0 500 100"/>`,
      { width: 600, height: 120 },
    ],
    [
      'a width and the viewBox proportions',
      `<svg ${NS} width="50" viewBox="0 0 100 240"/>`,
      { width: 50, height: 120 },
    ],
    [
      'percentages, falling back to the viewBox',
      `<svg ${NS} width="100%" height="100%" viewBox="0 0 10 20"/>`,
      { width: 10, height: 20 },
    ],
    ['no namespace', '<svg width="8" height="9"/>', { width: 8, height: 9 }],
    [
      'a byte order mark and an XML declaration',
      `\ufeff<?xml version="1.0"?><svg ${NS} width="1" height="2"/>`,
      { width: 1, height: 2 },
    ],
  ])('reads the size from %s', (_what, text, size) => {
    expect(inspect(text)).toEqual({ kind: 'svg', size });
  });

  it('knows no size without width/height in pixels or a viewBox', () => {
    expect(inspect(`<svg ${NS} width="10em" height="3cm"/>`)).toEqual({ kind: 'svg', size: null });
  });

  it.each([
    ['plain text', Buffer.from('hello')],
    ['HTML', Buffer.from('<html><body>x</body></html>')],
    ['broken XML', Buffer.from(`<svg ${NS}><g></svg>`)],
    ['an svg in another namespace', Buffer.from('<svg xmlns="urn:other" width="1" height="1"/>')],
    [
      'invalid UTF-8',
      Buffer.concat([Buffer.from(`<svg ${NS} width="1" height="1">`), Buffer.from([0xff]), Buffer.from('</svg>')]),
    ],
  ])('does not take %s for an SVG', (_what, bytes) => {
    expect(inspectSvg(bytes)).toEqual({ kind: 'notSvg' });
  });

  it.each([
    ['a script in a namespace prefix', `<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:script>x</s:script></s:svg>`],
    [
      'an animation setting an href',
      `<svg ${NS}><a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a></svg>`,
    ],
    ['an animation setting a handler', `<svg ${NS}><animate attributeName="onclick" to="alert(1)"/></svg>`],
    ['a data: image', `<svg ${NS}><image href="data:image/png;base64,AAAA"/></svg>`],
    ['a CSS escape in a style', `<svg ${NS}><style>rect { fill: u\\72l(https://x.example/a) }</style></svg>`],
    [
      'an external url() with spaces and quotes',
      `<svg ${NS}><rect filter=" url( 'https://x.example/f.svg#f' )"/></svg>`,
    ],
    ['image-set() in a style', `<svg ${NS}><rect style="background: image-set('https://x.example/a.png' 1x)"/></svg>`],
    ['a processing instruction inside', `<svg ${NS}><?php echo 1 ?></svg>`],
    ['an upper-case handler', `<svg ${NS} ONLOAD="alert(1)"/>`],
  ])('refuses %s', (_what, text) => {
    expect(inspect(text)).toEqual({ kind: 'unsafe' });
  });
});
