/**
 * An uploaded SVG: is it one, is it safe to show on the members' pages, and how big is it.
 *
 * Safe means it can neither run code nor load anything: no scripts, no event handlers, no
 * foreign HTML, no reference outside the document (href/src/url() other than `#fragment`),
 * no DTD (entities) and no processing instruction but the XML declaration. An unsafe SVG is
 * refused rather than rewritten, so what is served is byte for byte what was checked.
 */
import { createRequire } from 'node:module';
import { svgSize } from '@portiere/contracts';
import type { Element, Node, DOMParser as XmlParser } from '@xmldom/xmldom';

/** The XML parser, loaded with the first SVG uploaded rather than at every start (about 1 MB of heap). */
let parser: typeof XmlParser | undefined;
const DOMParser = (): typeof XmlParser => {
  parser ??= (createRequire(import.meta.url)('@xmldom/xmldom') as typeof import('@xmldom/xmldom')).DOMParser;
  return parser;
};

export type SvgInspection =
  | { kind: 'notSvg' }
  | { kind: 'unsafe' }
  /** A safe SVG; its size is unknown when neither width/height nor a viewBox gives one. */
  | { kind: 'svg'; size: { width: number; height: number } | null };

const SVG_NS = 'http://www.w3.org/2000/svg';
const ELEMENT_NODE = 1;
const PROCESSING_INSTRUCTION_NODE = 7;
const DOCUMENT_TYPE_NODE = 10;

/** Elements that run code or embed another document. */
const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
/** Animation elements, which could set an href or handler that the checks below never saw. */
const ANIMATIONS = new Set(['set', 'animate', 'animatetransform', 'animatemotion', 'animatecolor']);

export function inspectSvg(bytes: Buffer): SvgInspection {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { kind: 'notSvg' };
  }
  // Looked for before parsing: a DTD is refused whatever the parser would make of it.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return isSvgText(text) ? { kind: 'unsafe' } : { kind: 'notSvg' };
  let root: Element | null;
  let doc: ReturnType<XmlParser['parseFromString']>;
  try {
    const Parser = DOMParser();
    doc = new Parser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'image/svg+xml');
    root = doc.documentElement;
  } catch {
    return { kind: 'notSvg' };
  }
  if (root?.localName !== 'svg' || (root.namespaceURI !== SVG_NS && root.namespaceURI !== null)) {
    return { kind: 'notSvg' };
  }
  for (const [i, node] of [...doc.childNodes].entries()) {
    if (node.nodeType === DOCUMENT_TYPE_NODE) return { kind: 'unsafe' };
    if (node.nodeType === PROCESSING_INSTRUCTION_NODE && !(i === 0 && node.nodeName.toLowerCase() === 'xml')) {
      return { kind: 'unsafe' };
    }
  }
  if (!isSafeTree(root)) return { kind: 'unsafe' };
  // The size rule is the contracts', the one the console measures a chosen file by.
  const size = svgSize({
    width: root.getAttribute('width'),
    height: root.getAttribute('height'),
    viewBox: root.getAttribute('viewBox'),
  });
  return { kind: 'svg', size };
}

/** Whether text that the parser refused would otherwise have been an SVG (for the message). */
function isSvgText(text: string): boolean {
  return /<svg[\s>/]/i.test(text);
}

function isSafeTree(root: Element): boolean {
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop() as Node;
    if (node.nodeType === PROCESSING_INSTRUCTION_NODE) return false;
    if (node.nodeType !== ELEMENT_NODE) continue;
    const el = node as Element;
    const name = (el.localName ?? el.nodeName).toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(name)) return false;
    if (name === 'style' && !isSafeCss(el.textContent ?? '', true)) return false;
    for (const attr of [...el.attributes]) {
      const attrName = (attr.localName ?? attr.name).toLowerCase();
      const value = attr.value;
      if (attrName.startsWith('on')) return false;
      if ((attrName === 'href' || attrName === 'src') && !value.trim().startsWith('#')) return false;
      if (ANIMATIONS.has(name) && attrName === 'attributename' && /href|^\s*on/i.test(value)) return false;
      if (!isSafeCss(value, attrName === 'style')) return false;
    }
    stack.push(...el.childNodes);
  }
  return true;
}

/**
 * CSS (a style attribute or element) or a presentation attribute (fill="url(#g)"): every url()
 * must point into the document, and nothing may be imported. In style text a backslash is
 * refused too, since CSS escapes could spell `url` or `@import` past these checks.
 */
function isSafeCss(text: string, isStyle: boolean): boolean {
  if (isStyle && (text.includes('\\') || /@import|image-set\s*\(|(^|[^\w-])image\s*\(/i.test(text))) return false;
  for (const m of text.matchAll(/url\s*\(/gi)) {
    const target = text
      .slice(m.index + m[0].length)
      .trimStart()
      .replace(/^['"]\s*/, '');
    if (!target.startsWith('#')) return false;
  }
  return true;
}
