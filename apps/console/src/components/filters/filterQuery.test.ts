import { describe, expect, it } from 'vitest';
import { querySerializer } from '../../lib/api/querySerializer';
import { filterQuery, leafFilters } from './filterQuery';
import type { FilterDefinitionOf } from './filterTypes';

/** A list's query as a route declares it: the parameters each kind of filter sets. */
interface Query {
  autologon?: boolean;
  web_login?: boolean;
  actor?: string;
  biometry?: 'none' | 'weak' | 'strong';
  type?: ('web' | 'spa')[];
  tags?: string[];
  activated_after?: string;
  activated_before?: string;
  page?: number;
}

const definitions: FilterDefinitionOf<Query>[] = [
  { type: 'boolean', key: 'autologon', label: 'members.search' },
  { type: 'triMode', key: 'web_login', label: 'members.search', secondLabel: 'members.search' },
  { type: 'search', key: 'actor', label: 'members.search' },
  {
    type: 'select',
    key: 'biometry',
    label: 'members.search',
    options: [
      { value: 'weak', label: 'Weak' },
      { value: 'strong', label: 'Strong' },
    ],
  },
  { type: 'multiSearch', key: 'type', label: 'members.search', options: [{ value: 'web', label: 'Web' }] },
  { type: 'multiSearch', key: 'tags', label: 'members.search' },
  {
    type: 'group',
    key: 'activated',
    label: 'members.search',
    children: [
      { type: 'date', key: 'activated_after', label: 'members.search' },
      { type: 'date', key: 'activated_before', label: 'members.search' },
    ],
  },
];

describe('filterQuery', () => {
  it('opens groups up into their children', () => {
    expect(leafFilters(definitions).map((d) => d.key)).toEqual([
      'autologon',
      'web_login',
      'actor',
      'biometry',
      'type',
      'tags',
      'activated_after',
      'activated_before',
    ]);
  });

  it('turns each applied value into its parameter by the filter type', () => {
    expect(
      filterQuery(definitions, {
        autologon: true,
        web_login: 'false',
        actor: '  ann ',
        biometry: 'weak',
        type: ['web'],
        tags: ['a', ' b ', 'a'],
        activated_after: '2026-01-31',
      }),
    ).toEqual({
      autologon: true,
      web_login: false,
      actor: 'ann',
      biometry: 'weak',
      type: ['web'],
      tags: ['a', 'b'],
      activated_after: '2026-01-31',
    });
  });

  it('puts on the wire the bytes the comma-separated text of each filter did', () => {
    const query = filterQuery(definitions, {
      autologon: true,
      web_login: 'true',
      actor: 'ann',
      type: ['web'],
      tags: ['a', 'b'],
      activated_after: '2026-01-31',
    });
    expect(querySerializer(query)).toBe(
      'autologon=true&web_login=true&actor=ann&type=web&tags=a%2Cb&activated_after=2026-01-31',
    );
    expect(querySerializer(filterQuery(definitions, { web_login: 'false' }))).toBe('web_login=false');
  });

  it('leaves out unset values and values the filter does not offer', () => {
    expect(
      filterQuery(definitions, {
        autologon: false,
        web_login: null,
        actor: '   ',
        biometry: 'best',
        type: ['desktop'],
        tags: [],
        activated_before: '31/01/2026',
        unknown: 'x',
      }),
    ).toEqual({});
  });
});
