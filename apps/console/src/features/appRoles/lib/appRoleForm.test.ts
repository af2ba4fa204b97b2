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
      radiusAttributes: [],
      created_at: '2030-01-01T00:00:00.000Z',
    };
    const values = { ...appRoleFormOf(role), displayName: ' Editors ' };
    expect((await resolveForm(appRoleForm, values)).input).toEqual(appRoleInputOf(values));
    expect(appRoleInputOf(values)).toEqual({
      displayName: 'Editors',
      applicationId: 'a1',
      groupId: 'g1',
      flowId: 'f1',
      radiusAttributes: [],
    });
  });

  it("checks each RADIUS attribute's value against its type, under its own row", async () => {
    const values = {
      ...emptyAppRoleForm(),
      displayName: 'VPN',
      applicationId: 'a1',
      groupId: 'g1',
      flowId: 'f1',
      radiusAttributes: [
        { name: 'Filter-Id' as const, value: ' staff ' },
        { name: 'Session-Timeout' as const, value: 'an hour' },
        { name: 'Framed-IP-Address' as const, value: '10.0.0.300' },
      ],
    };
    expect((await resolveForm(appRoleForm, values)).errors).toEqual({
      'radiusAttributes.1.value': 'Value must be between 0 and 4294967295.',
      'radiusAttributes.2.value': 'This value is not valid.',
    });
    const fixed = { ...values, radiusAttributes: [values.radiusAttributes[0] as (typeof values.radiusAttributes)[0]] };
    expect((await resolveForm(appRoleForm, fixed)).input?.radiusAttributes).toEqual([
      { name: 'Filter-Id', value: 'staff' },
    ]);
  });

  it('builds the list query from the applied ids and the search', () => {
    expect(appRoleQueryOf({ application_id: 'a1', group_id: null, flow_id: 'f1' }, ' ed ')).toEqual({
      application_id: 'a1',
      flow_id: 'f1',
      search: 'ed',
    });
  });
});
