/**
 * Malformed requests for an operation of the OpenAPI document, as fast-check arbitraries.
 *
 * A case stays small and printable: a big or odd value appears as a placeholder such as
 * ⟪mb⟫ (a 1 MB string) or ⟪deepArray⟫ (10,000 nested arrays) and is expanded only when the
 * request is rendered, so a counterexample reads well and the seed replays it.
 */
import fc from 'fast-check';
import { type JsonSchema, type Operation, sampleBody, sampleValue } from './openapi-operations.ts';
import type { RawRequest } from './raw-request.ts';

const DEPTH = 10_000;
const MB = 1 << 20;

/** Strings behind ⟪name⟫ placeholders. */
const NAMED_STRINGS: Record<string, () => string> = {
  mb: () => 'x'.repeat(MB),
  mbEmoji: () => '😀'.repeat(MB / 4),
  nul: () => 'a\u0000b',
  nulOnly: () => '\u0000',
  controls: () => 'a\u0001\u0002\u0007\u0008\u000b\u000c\u001b\u007f\u0085b',
  crlf: () => 'a\r\nSet-Cookie: x=1',
  loneHigh: () => 'a\ud800b',
  loneLow: () => '\udc00',
  rtl: () => '\u202eevil\u202c',
  rlm: () => 'name\u200f\u200e',
  zeroWidth: () => '\u200b\u200c\u200d\ufeff',
  emoji: () => '👨‍👩‍👧‍👦🏳️‍🌈',
  combining: () => `e${'\u0301'.repeat(500)}`,
  sqlOr: () => "' OR 1=1 --",
  sqlDrop: () => "'; DROP TABLE members; --",
  sqlQuote: () => '" OR ""="',
  sqlBackslash: () => "\\'; select pg_sleep(0); --",
  template: () => '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally
  templateJs: () => '${7*7}',
  script: () => '<script>alert(1)</script>',
  traversal: () => '../../../../etc/passwd',
  percentNul: () => '%00',
  backslashU: () => '\\u0000',
  longDigits: () => '9'.repeat(400),
  nan: () => 'NaN',
  infinity: () => 'Infinity',
  minusOne: () => '-1',
  empty: () => '',
  blank: () => '   ',
  proto: () => '__proto__',
  nullWord: () => 'null',
};

/** Raw JSON text behind ⟪name⟫ placeholders (numbers JSON.stringify cannot write, deep nesting). */
const NAMED_JSON: Record<string, () => string> = {
  deepArray: () => `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
  deepObject: () => `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
  inf: () => '1e999',
  negInf: () => '-1e999',
  bigInt: () => `1${'0'.repeat(400)}`,
  negBig: () => '-99999999999999999999999',
  negZero: () => '-0',
  tiny: () => '5e-324',
  unsafeInt: () => '9007199254740993',
};

const cache = new Map<string, string>();
const named = (table: Record<string, () => string>, name: string): string | undefined => {
  const make = table[name];
  if (!make) return undefined;
  const key = `${table === NAMED_JSON ? 'j' : 's'}:${name}`;
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
};

const ph = (name: string) => `⟪${name}⟫`;
const PLACEHOLDER = /^⟪(\w+)⟫$/;

/** A string with a whole-string placeholder expanded. */
export function expand(s: string): string {
  const m = PLACEHOLDER.exec(s);
  return (m && named(NAMED_STRINGS, m[1] as string)) ?? s;
}

/** JSON text of a value whose string leaves may be placeholders. */
export function renderJson(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.replace(/"⟪(\w+)⟫"/g, (m, name: string) => {
    const raw = named(NAMED_JSON, name);
    if (raw !== undefined) return raw;
    const s = named(NAMED_STRINGS, name);
    return s !== undefined ? JSON.stringify(s) : m;
  });
}

/** Percent-encodes the UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, never a throw). */
export function pct(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Values

const odd = <T>(...values: T[]) => fc.constantFrom(...values);

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: odd(...Object.keys(NAMED_STRINGS).map(ph)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 6 }),
        odd('\u0000', '\ud800', '\udfff', '\u202e', "'", '"', '\\', '%', '\n', '😀', '\u0085'),
        fc.string({ maxLength: 6 }),
      )
      .map((parts) => parts.join('')),
  },
);

export const nastyNumber: fc.Arbitrary<unknown> = fc.oneof(
  odd(
    ...Object.keys(NAMED_JSON)
      .filter((n) => !n.startsWith('deep'))
      .map(ph),
  ),
  odd(-1, 0, 1.5, -0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE),
  fc.integer(),
  fc.double(),
);

const deep = odd(ph('deepArray'), ph('deepObject'));

const smallJson: fc.Arbitrary<unknown> = fc.oneof(
  odd<unknown>(null, true, false, 0, '', [], {}),
  nastyNumber,
  nastyString,
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), nastyString, { maxKeys: 3 }),
);

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** A value whose JSON type the schema does not allow. */
export function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const allowed = new Set(typesOf(schema));
  if (allowed.has('integer')) allowed.add('number');
  const candidates: [string, fc.Arbitrary<unknown>][] = [
    ['string', nastyString],
    ['number', nastyNumber],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.oneof(fc.array(smallJson, { maxLength: 3 }), deep)],
    ['object', fc.oneof(fc.dictionary(fc.string({ maxLength: 5 }), smallJson, { maxKeys: 3 }), deep)],
  ];
  const wrong = candidates.filter(([t]) => !allowed.has(t)).map(([, a]) => a);
  if (allowed.size === 0 || wrong.length === 0) return smallJson;
  return fc.oneof(...wrong);
}

/** A value of an allowed type but malformed: odd strings, odd numbers, deep or huge arrays. */
export function malformed(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const options: fc.Arbitrary<unknown>[] = [];
  if (types.includes('string') || types.length === 0) options.push(nastyString);
  if (types.includes('integer') || types.includes('number')) options.push(nastyNumber);
  if (types.includes('array')) {
    options.push(deep.filter((p) => p === ph('deepArray')));
    options.push(fc.array(schema.items ? malformed(schema.items) : smallJson, { maxLength: 4 }));
    options.push(
      fc.constant(Array.from({ length: (schema.maxItems ?? 1000) + 1 }, () => sampleValue(schema.items ?? {}))),
    );
  }
  if (types.includes('object')) {
    options.push(deep.filter((p) => p === ph('deepObject')));
    options.push(objectBody(schema));
  }
  if (types.includes('boolean')) options.push(odd<unknown>('true', 0, 1, 'false'));
  return options.length ? fc.oneof(...options) : smallJson;
}

/** An object for a schema with one documented property (or a new one) made wrong. */
function objectBody(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const base = sampleBody(schema);
  const props = Object.entries(schema.properties ?? {});
  const mutations: fc.Arbitrary<Record<string, unknown>>[] = [
    // An unknown property, including ones that poison prototypes.
    fc
      .tuple(odd('__proto__', 'constructor', 'prototype', 'isAdmin', 'customer_id', ''), smallJson)
      .map(([k, v]) => ({ ...base, [k]: v })),
  ];
  if (props.length) {
    const prop = odd(...props);
    mutations.push(
      prop.chain(([name, s]) => fc.oneof(wrongType(s), malformed(s)).map((v) => ({ ...base, [name]: v }))),
      // A required property missing.
      ...(schema.required?.length
        ? [odd(...schema.required).map((r) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== r)))]
        : []),
    );
  } else if (schema.additionalProperties !== false) {
    mutations.push(fc.dictionary(fc.string({ maxLength: 8 }), smallJson, { maxKeys: 4 }));
  }
  return fc.oneof(...mutations);
}

// ---------------------------------------------------------------------------------------------
// Requests

export type PathValue =
  | { fixture: 'id' | 'upper' | 'nul' | 'slash' | 'dot' }
  | { uuid: string }
  /** Already URL text: sent as is. */
  | { raw: string };

export interface QueryPair {
  name: string;
  /** A string is percent-encoded when rendered; {raw} is sent as is. */
  value: string | { raw: string };
}

export type BodyCase =
  | { none: true }
  | { json: unknown }
  | { contentType: string | null; text: string }
  | { contentType: string | null; hex: string };

export type TokenChoice = 'customer' | 'reseller' | 'none';

export interface FuzzCase {
  token: TokenChoice;
  path: Record<string, PathValue>;
  query: QueryPair[];
  body: BodyCase;
}

const RAW_PATH_VALUES = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '1',
  '-1',
  '0',
  'null',
  '%00',
  'a%00b',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%2e%2e%2f',
  '%20',
  '%27%20OR%201%3D1%20--',
  '%7B%7B7*7%7D%7D',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '%F0%9F%98%80',
  '%E2%80%AE',
];
/**
 * Path text that does not reach the operation: a dot segment (the URL is normalised), too long
 * for the router (414), or not valid percent-encoding (400).
 */
const UNROUTABLE_PATH_VALUES = ['..', 'x'.repeat(101), 'x'.repeat(10_000), '%E0%A4%A', '%zz', '%ED%A0%80', '%'];

export function pathValue(routable: boolean): fc.Arbitrary<PathValue> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant({ fixture: 'id' as const }) },
    {
      weight: 1,
      arbitrary: odd('upper' as const, 'nul' as const, 'slash' as const, 'dot' as const).map((f) => ({ fixture: f })),
    },
    { weight: 1, arbitrary: fc.uuid().map((uuid) => ({ uuid })) },
    { weight: 2, arbitrary: odd(...RAW_PATH_VALUES).map((raw) => ({ raw })) },
    ...(routable ? [] : [{ weight: 1, arbitrary: odd(...UNROUTABLE_PATH_VALUES).map((raw) => ({ raw })) }]),
  );
}

const QUERY_RAW_VALUES = ['%00', 'a%00b', '%', '%zz', '%E0%A4%A', '%ED%A0%80', '%FF', '+', '%2B', '&', '='];
const QUERY_VALUES = [
  '99999999999999999999999',
  '2147483648',
  '-5',
  '-1',
  '0',
  '1.5',
  'NaN',
  '1e308',
  '-0',
  '0x10',
  ' 1',
  'true',
  '[]',
  '{}',
];

const queryValue: fc.Arbitrary<QueryPair['value']> = fc.oneof(
  nastyString,
  odd(...QUERY_VALUES),
  odd(...QUERY_RAW_VALUES).map((raw) => ({ raw })),
);

/** The required query parameters, then up to three bad ones (repeated, unknown, bracketed). */
export function queryArb(op: Operation): fc.Arbitrary<QueryPair[]> {
  const base = op.query.filter((q) => q.required).map((q) => ({ name: q.name, value: String(sampleValue(q.schema)) }));
  const names = op.query.map((q) => q.name);
  const name = fc.oneof(
    ...(names.length ? [{ weight: 4, arbitrary: odd(...names) }] : []),
    { weight: 1, arbitrary: odd('__proto__', 'constructor[prototype][x]', 'x', '', 'page[]', 'search[$ne]') },
    ...(names.length ? [{ weight: 1, arbitrary: odd(...names).map((n) => `${n}[]`) }] : []),
  );
  const mutation = fc.record({ name, value: queryValue, repeat: fc.boolean() });
  return fc.array(mutation, { maxLength: 3 }).map((ms) => {
    const pairs: QueryPair[] = [...base];
    for (const m of ms) {
      const at = pairs.findIndex((p) => p.name === m.name);
      // Repeating a parameter sends an array where a string is expected.
      if (at >= 0 && !m.repeat) pairs[at] = { name: m.name, value: m.value };
      else pairs.push({ name: m.name, value: m.value });
    }
    return pairs;
  });
}

const RAW_JSON_TEXTS = [
  '',
  ' ',
  '{',
  '{"a":',
  '{"a":1}}',
  "{'a':1}",
  '{a:1}',
  'nul',
  'NaN',
  '{"a":NaN}',
  '{"a":undefined}',
  '[1,]',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\ufeff{}',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '"just a string"',
  '123',
  'null',
  '[]',
  ph('deepArray'),
  ph('deepObject'),
  ph('inf'),
];

const OTHER_CONTENT: fc.Arbitrary<BodyCase> = odd<BodyCase>(
  { contentType: 'text/plain', text: '{"name":"x"}' },
  { contentType: 'text/plain', text: ph('nul') },
  {
    contentType: 'application/xml',
    text: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
  },
  {
    contentType: 'multipart/form-data; boundary=XyZ',
    text: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000garbage',
  },
  { contentType: 'multipart/form-data', text: 'garbage' },
  { contentType: 'application/x-www-form-urlencoded', text: 'name=x&name=%00&__proto__[a]=1' },
  { contentType: 'application/octet-stream', hex: 'deadbeef00ff' },
  { contentType: 'application/json; charset=utf-16', text: '{"name":"x"}' },
  { contentType: 'application/json', hex: '7b226e616d65223a22c328a1227d' },
  { contentType: 'application/json', hex: 'fffe7b007d00' },
  { contentType: '', text: '{}' },
  { contentType: null, text: '{"name":"x"}' },
  { contentType: 'application/json, text/plain', text: '{}' },
  { contentType: 'application/merge-patch+json', text: '{}' },
);

/** Bodies for an operation: its documented body made wrong, other JSON, broken JSON, other media types. */
export function bodyArb(op: Operation): fc.Arbitrary<BodyCase> {
  const raw = odd(...RAW_JSON_TEXTS).map((text): BodyCase => ({ contentType: 'application/json', text }));
  const wholeJson = fc.oneof(odd<unknown>(null, [], 'str', 0, true, ph('mb')), fc.array(smallJson, { maxLength: 2 }));
  const options: { weight: number; arbitrary: fc.Arbitrary<BodyCase> }[] = [
    { weight: 1, arbitrary: wholeJson.map((json): BodyCase => ({ json })) },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: OTHER_CONTENT },
    { weight: 1, arbitrary: fc.constant<BodyCase>({ none: true }) },
  ];
  if (op.body) {
    options.push({ weight: 6, arbitrary: objectBody(op.body).map((json): BodyCase => ({ json })) });
  } else {
    options.push({ weight: 1, arbitrary: fc.constant<BodyCase>({ json: {} }) });
  }
  return fc.oneof(...options);
}

/**
 * Cases run before the random ones, so that CI always tries them: an empty JSON object as the
 * body; a NUL character in each string property of the body and in each string query
 * parameter; huge and negative numbers in each query parameter; deep nesting inside each
 * object property; and, unless `routable`, path parameters the router cannot take.
 */
export function targetedExamples(op: Operation, token: TokenChoice, routable = false): FuzzCase[] {
  const path = Object.fromEntries(op.pathParams.map((p) => [p, { fixture: 'id' as const }]));
  const base = sampleBody(op.body);
  const required = op.query
    .filter((q) => q.required)
    .map((q) => ({ name: q.name, value: String(sampleValue(q.schema)) }));
  const withQuery = (name: string, value: string): QueryPair[] => [
    ...required.filter((p) => p.name !== name),
    { name, value },
  ];
  const wellFormedBody: BodyCase = op.body ? { json: base } : { none: true };
  const cases: FuzzCase[] = [];
  if (op.method !== 'GET') cases.push({ token, path, query: required, body: { json: {} } });
  const props = Object.entries(op.body?.properties ?? {});
  for (const [name, schema] of props) {
    if (typesOf(schema).includes('string'))
      cases.push({ token, path, query: required, body: { json: { ...base, [name]: ph('nul') } } });
  }
  for (const q of op.query) {
    if (typesOf(q.schema).includes('string') && !q.schema.enum)
      cases.push({ token, path, query: withQuery(q.name, 'a\u0000b'), body: wellFormedBody });
  }
  for (const q of op.query) {
    for (const value of ['1e308', '99999999999999999999999', '-5'])
      cases.push({ token, path, query: withQuery(q.name, value), body: wellFormedBody });
  }
  for (const [name, schema] of props) {
    if (typesOf(schema).includes('object'))
      cases.push({ token, path, query: required, body: { json: { ...base, [name]: { a: ph('deepObject') } } } });
  }
  if (!routable) {
    for (const p of op.pathParams) {
      for (const raw of ['%zz', 'x'.repeat(101)])
        cases.push({ token, path: { ...path, [p]: { raw } }, query: required, body: wellFormedBody });
    }
  }
  return cases;
}

export function caseArb(op: Operation, tokens: fc.Arbitrary<TokenChoice>, routable = false): fc.Arbitrary<FuzzCase> {
  const path = fc.record(Object.fromEntries(op.pathParams.map((p) => [p, pathValue(routable)])));
  const body: fc.Arbitrary<BodyCase> = op.method === 'GET' ? fc.constant({ none: true }) : bodyArb(op);
  return fc.record({ token: tokens, path, query: queryArb(op), body });
}

export interface RenderContext {
  /** Id of the fixture object for a path parameter of the operation. */
  fixtureId(param: string): string;
  token(choice: TokenChoice): string | undefined;
  remoteAddress?: string;
}

function renderPathValue(v: PathValue, id: () => string): string {
  if ('raw' in v) return v.raw;
  if ('uuid' in v) return v.uuid;
  switch (v.fixture) {
    case 'id':
      return encodeURIComponent(id());
    case 'upper':
      return encodeURIComponent(id().toUpperCase());
    case 'nul':
      return `${encodeURIComponent(id())}%00`;
    case 'slash':
      return `${encodeURIComponent(id())}%2F`;
    case 'dot':
      return `${encodeURIComponent(id())}%2F..`;
  }
}

export function renderCase(op: Operation, c: FuzzCase, ctx: RenderContext): RawRequest {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, p: string) =>
    renderPathValue(c.path[p] ?? { fixture: 'id' }, () => ctx.fixtureId(p)),
  );
  const query = c.query
    .map((q) => `${pct(q.name)}=${typeof q.value === 'string' ? pct(expand(q.value)) : q.value.raw}`)
    .join('&');
  const headers: Record<string, string> = {};
  const token = ctx.token(c.token);
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  const b = c.body;
  if ('json' in b) {
    headers['content-type'] = 'application/json';
    payload = renderJson(b.json);
  } else if ('text' in b || 'hex' in b) {
    if (b.contentType !== null) headers['content-type'] = b.contentType;
    payload =
      'hex' in b
        ? Buffer.from(b.hex, 'hex')
        : PLACEHOLDER.test(b.text)
          ? (named(NAMED_JSON, b.text.slice(1, -1)) ?? expand(b.text))
          : b.text;
  }
  return {
    method: op.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(ctx.remoteAddress ? { remoteAddress: ctx.remoteAddress } : {}),
  };
}
