import { describe, expect, it } from 'vitest';
import { jsonToPairs, pairsToJson } from './extraInfo';

describe('extra info: key-value pairs and JSON', () => {
  it('reads a JSON object as pairs, keeping non-string values as JSON', () => {
    const r = jsonToPairs('{"dept":"IT","floor":3,"tags":["a"]}');
    expect(r).toEqual({
      ok: true,
      value: [
        { key: 'dept', value: 'IT', json: false },
        { key: 'floor', value: '3', json: true },
        { key: 'tags', value: '["a"]', json: true },
      ],
    });
  });

  it('treats empty text as no pairs, and no pairs as empty text', () => {
    expect(jsonToPairs('  ')).toEqual({ ok: true, value: [] });
    expect(pairsToJson([])).toEqual({ ok: true, value: '' });
    expect(pairsToJson([{ key: ' ', value: '', json: false }])).toEqual({ ok: true, value: '' });
  });

  it('refuses invalid JSON, non-objects and duplicate keys with the contract messages', () => {
    const bad = jsonToPairs('{"a":');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toBe('This is not valid JSON.');
    const arr = jsonToPairs('[1,2]');
    expect(arr.ok).toBe(false);
    const dup = jsonToPairs('{"a":1,"a":2}');
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.error.message).toBe('Duplicate JSON key not allowed: a.');
  });

  it('blocks switching to JSON on a duplicate key, a missing key or an invalid JSON value', () => {
    const dup = pairsToJson([
      { key: 'a', value: '1', json: false },
      { key: 'a ', value: '2', json: false },
    ]);
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.error).toMatchObject({ key: 'jsonDuplicateKey', params: { key: 'a' } });
    const noKey = pairsToJson([{ key: '', value: 'x', json: false }]);
    expect(noKey.ok).toBe(false);
    if (!noKey.ok) expect(noKey.error.key).toBe('required');
    const badValue = pairsToJson([{ key: 'n', value: '{oops', json: true }]);
    expect(badValue.ok).toBe(false);
    if (!badValue.ok) expect(badValue.error.key).toBe('json');
  });

  it('round-trips pairs and JSON', () => {
    const json = '{"dept":"IT","floor":3,"remote":false}';
    const pairs = jsonToPairs(json);
    if (!pairs.ok) throw new Error('expected pairs');
    const back = pairsToJson(pairs.value);
    expect(back.ok && JSON.parse(back.value)).toEqual(JSON.parse(json));
    const text = pairsToJson([{ key: 'n', value: '42', json: false }]);
    expect(text.ok && JSON.parse(text.value)).toEqual({ n: '42' });
  });
});
