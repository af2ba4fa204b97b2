import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AREAS, areaKeys, invalidateAreas, SHOWN_IN, staleAreasAfterWrite } from './queryKeys';

describe('query keys per area', () => {
  it('start every key of an area with its name', () => {
    const keys = areaKeys('roles');
    expect(keys.all).toEqual(['roles']);
    expect(keys.list({ page: 2 })).toEqual(['roles', 'list', { page: 2 }]);
    expect(keys.detail('r1')).toEqual(['roles', 'detail', 'r1']);
    expect(keys.lists()).toEqual(['roles', 'list']);
    expect(keys.details()).toEqual(['roles', 'detail']);
  });

  it('name only known areas in the table of who shows what', () => {
    for (const [area, shownIn] of Object.entries(SHOWN_IN)) {
      expect(AREAS).toContain(area);
      for (const other of shownIn) expect(AREAS).toContain(other);
      expect(shownIn).not.toContain(area);
    }
  });

  it('make a write stale for the area and for the areas showing its data', () => {
    expect(staleAreasAfterWrite('configurations')).toEqual([
      'configurations',
      'members',
      'workstationUsers',
      'appRoles',
      'profiles',
    ]);
    // The workstation settings offer the flows to choose from.
    expect(staleAreasAfterWrite('flows')).toEqual(['flows', 'applications', 'appRoles', 'profiles', 'settings']);
    expect(staleAreasAfterWrite('temporaryCards')).toEqual(['temporaryCards', 'workstationUsers']);
    expect(staleAreasAfterWrite(['configurations', 'members']).sort()).toEqual(
      [
        'appRoles',
        'configurations',
        'dashboard',
        'laUsers',
        'members',
        // A token's holder (a member's credential given up returns it to stock).
        'hardwareTokens',
        'profiles',
        'recovery',
        'roles',
        'temporaryCards',
        // A member's offline material (the Workstation tab).
        'workstation',
        'workstationUsers',
      ].sort(),
    );
  });

  it('invalidate every query under those areas and nothing else', async () => {
    const client = new QueryClient();
    const keys = [
      areaKeys('configurations').list({ page: 1 }),
      ['members', 'configurationOptions'],
      areaKeys('workstationUsers').list({ page: 1, search: '' }),
      areaKeys('roles').list({ page: 1 }),
      ['auth', 'me'],
    ];
    for (const key of keys) client.setQueryData(key, { any: 'data' });
    await invalidateAreas(client, 'configurations');
    const stale = keys.filter((key) => client.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual(keys.slice(0, 3));
  });
});
