import { describe, expect, it } from 'vitest';
import { credentialTypeOf, memberFilterDefinitions, memberQueryOf, orderingOf } from './memberQuery';

const groups = [
  { id: 'g1', name: 'Office' },
  { id: 'g2', name: 'Field staff' },
];

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
        group: ['field staff'],
        enrolled: 'false',
        blocked: 'true',
        created_after: '2025-01-01',
        created_before: '2025-12-31',
        credential_types: ['totp', 'Mail code', 'nonsense', 'TOTP'],
      },
      {
        search: ' ann ',
        sort: [{ field: 'email', sort: 'asc' }],
        groups,
        typeLabels: { mail: 'Mail code' },
      },
    );
    expect(q).toEqual({
      search: 'ann',
      ordering: 'email',
      group: 'g2',
      enrolled: 'false',
      blocked: 'true',
      created_after: '2025-01-01',
      created_before: '2025-12-31',
      credential_types: 'totp,mail',
    });
  });

  it('sends every chosen group, "no group", and matches nothing for unknown names only', () => {
    expect(memberQueryOf({ group: ['Office', 'Field staff'] }, { groups }).group).toBe('g1,g2');
    expect(memberQueryOf({ group: ['No group', 'Office'] }, { groups, noGroupLabel: 'No group' }).group).toBe(
      'none,g1',
    );
    expect(memberQueryOf({ group: ['Nope', 'Office'] }, { groups }).group).toBe('g1');
    expect(memberQueryOf({ group: ['Nope'] }, { groups }).group).toBe('unknown');
  });

  it('ignores unset triMode values and malformed dates', () => {
    expect(memberQueryOf({ enrolled: null, blocked: true, created_after: '01/02/2025' })).toEqual({});
  });

  it('reads credential kinds by code or label', () => {
    expect(credentialTypeOf(' HOTP ')).toBe('hotp');
    expect(credentialTypeOf('Chiave', { keypair: 'chiave' })).toBe('keypair');
    expect(credentialTypeOf('x')).toBeNull();
  });

  it('registers the five filters of the spec', () => {
    const defs = memberFilterDefinitions(['Office']);
    expect(defs.map((d) => `${d.key}:${d.type}`)).toEqual([
      'group:multiSearch',
      'enrolled:triMode',
      'blocked:triMode',
      'created:group',
      'credential_types:multiSearch',
    ]);
  });
});
