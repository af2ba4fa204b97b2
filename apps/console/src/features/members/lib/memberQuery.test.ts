import { describe, expect, it } from 'vitest';
import { memberFilterDefinitions, memberQueryOf, NO_GROUP, orderingOf } from './memberQuery';

describe('members list query', () => {
  it('is empty without filters, search or sort', () => {
    expect(memberQueryOf({})).toEqual({});
    expect(memberQueryOf({}, { search: '   ' })).toEqual({});
  });

  it('maps the grid sort to the server ordering, descending with a minus', () => {
    expect(orderingOf([{ field: 'username', sort: 'asc' }])).toBe('username');
    expect(orderingOf([{ field: 'full_name', sort: 'desc' }])).toBe('-last_name');
    expect(orderingOf([{ field: 'enrolled', sort: 'asc' }])).toBe('enrolled_at');
    expect(orderingOf([{ field: 'created_at', sort: 'desc' }])).toBe('-created_at');
    expect(orderingOf([{ field: 'blocked', sort: 'asc' }])).toBeUndefined();
    expect(orderingOf([])).toBeUndefined();
  });

  it('maps every drawer filter to its query parameter', () => {
    const q = memberQueryOf(
      {
        group: ['g2'],
        enrolled: 'false',
        blocked: 'true',
        created_after: '2025-01-01',
        created_before: '2025-12-31',
        credential_types: ['totp', 'mail', 'nonsense', 'totp'],
      },
      { search: ' ann ', sort: [{ field: 'email', sort: 'asc' }] },
    );
    expect(q).toEqual({
      search: 'ann',
      ordering: 'email',
      group: ['g2'],
      enrolled: false,
      blocked: true,
      created_after: '2025-01-01',
      created_before: '2025-12-31',
      credential_types: ['totp', 'mail'],
    });
  });

  it('sends every chosen group id, and "none" for members without a configuration', () => {
    expect(memberQueryOf({ group: ['g1', 'g2'] }).group).toEqual(['g1', 'g2']);
    expect(memberQueryOf({ group: [NO_GROUP, 'g1'] }).group).toEqual(['none', 'g1']);
    expect(memberQueryOf({ group: [] }).group).toBeUndefined();
  });

  it('ignores unset triMode values and malformed dates', () => {
    expect(memberQueryOf({ enrolled: null, blocked: true, created_after: '01/02/2025' })).toEqual({});
  });

  it('holds ids and codes, not labels: the same filters query the same in any language', () => {
    const applied = { group: ['g1'], credential_types: ['keypair'] };
    const en = memberFilterDefinitions([{ value: 'g1', label: 'Office' }], [{ value: 'keypair', label: 'Key pair' }]);
    const it = memberFilterDefinitions([{ value: 'g1', label: 'Ufficio' }], [{ value: 'keypair', label: 'Chiave' }]);
    expect(en).not.toEqual(it);
    expect(memberQueryOf(applied)).toEqual({ group: ['g1'], credential_types: ['keypair'] });
  });

  it('registers the five filters of the spec', () => {
    const defs = memberFilterDefinitions([{ value: 'g1', label: 'Office' }]);
    expect(defs.map((d) => `${d.key}:${d.type}`)).toEqual([
      'group:multiSearch',
      'enrolled:triMode',
      'blocked:triMode',
      'created:group',
      'credential_types:multiSearch',
    ]);
  });
});
