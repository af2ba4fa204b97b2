import type { AppRole } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { resolveForm } from '../../../test/contractForm';
import { appRoleForm, appRoleFormOf, appRoleInputOf, appRoleQueryOf, emptyAppRoleForm } from './appRoleForm';

describe('app role form', () => {
  it('requires every field and sends the trimmed display name with the chosen ids', async () => {
    expect((await resolveForm(appRoleForm, emptyAppRoleForm())).errors).toEqual({
      displayName: 'This field is required.',
      applicationId: 'This field is required.',
      groupId: 'This field is required.',
      flowId: 'This field is required.',
    });
    expect(
      (await resolveForm(appRoleForm, { ...emptyAppRoleForm(), displayName: 'x'.repeat(101) })).errors.displayName,
    ).toBe('Must be at most 100 characters.');
    const role: AppRole = {
      id: 'r1',
      displayName: 'Editors',
      application: { id: 'a1', name: 'Portal' },
      group: { id: 'g1', name: 'Staff' },
      flow: { id: 'f1', name: 'Strong' },
      created_at: '2030-01-01T00:00:00.000Z',
    };
    const values = { ...appRoleFormOf(role), displayName: ' Editors ' };
    expect((await resolveForm(appRoleForm, values)).input).toEqual(appRoleInputOf(values));
    expect(appRoleInputOf(values)).toEqual({
      displayName: 'Editors',
      applicationId: 'a1',
      groupId: 'g1',
      flowId: 'f1',
    });
  });

  it('builds the list query from the applied ids and the search', () => {
    expect(appRoleQueryOf({ application_id: 'a1', group_id: null, flow_id: 'f1' }, ' ed ')).toEqual({
      application_id: 'a1',
      flow_id: 'f1',
      search: 'ed',
    });
  });
});
