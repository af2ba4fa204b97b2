import { extraInfoError, type FieldError, fieldError } from '@portiere/contracts';

/**
 * One row of the key-value editor. Text values stay strings; a value read from JSON that was
 * not a string (number, boolean, object...) keeps `json: true` and must stay valid JSON.
 */
export interface Pair {
  key: string;
  value: string;
  json: boolean;
}

export type Conversion<T> = { ok: true; value: T } | { ok: false; error: FieldError };

/** JSON text -> pairs; refused (with the contract's reason) when the text is not a JSON object. */
export function jsonToPairs(text: string): Conversion<Pair[]> {
  if (text.trim() === '') return { ok: true, value: [] };
  const error = extraInfoError(text);
  if (error) return { ok: false, error };
  const obj = JSON.parse(text) as Record<string, unknown>;
  return {
    ok: true,
    value: Object.entries(obj).map(([key, v]) =>
      typeof v === 'string' ? { key, value: v, json: false } : { key, value: JSON.stringify(v), json: true },
    ),
  };
}

/**
 * Pairs -> JSON text (pretty, two spaces; no pairs -> empty text). Refused when a key is empty,
 * a key repeats, or a JSON-typed value is not valid JSON: switching to the JSON editor is then blocked.
 */
export function pairsToJson(pairs: Pair[]): Conversion<string> {
  const rows = pairs.filter((p) => p.key.trim() !== '' || p.value.trim() !== '');
  if (rows.length === 0) return { ok: true, value: '' };
  const obj: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const p of rows) {
    const key = p.key.trim();
    if (!key) return { ok: false, error: fieldError('required') };
    if (seen.has(key)) return { ok: false, error: fieldError('jsonDuplicateKey', { key }) };
    seen.add(key);
    if (p.json) {
      try {
        obj[key] = JSON.parse(p.value);
      } catch {
        return { ok: false, error: fieldError('json') };
      }
    } else {
      obj[key] = p.value;
    }
  }
  return { ok: true, value: JSON.stringify(obj, null, 2) };
}
