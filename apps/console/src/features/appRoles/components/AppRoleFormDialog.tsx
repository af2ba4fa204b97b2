import { Stack } from '@mui/material';
import type { AppRole, AppRoleInput } from '@portiere/contracts';
import { useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormChoiceSelect } from '../../../components/forms/FormChoiceSelect';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { isApiError } from '../../../lib/api/apiError';
import { useAppRoleChoices, useSaveAppRole } from '../api/appRolesApi';
import { type AppRoleFormValues, appRoleForm, appRoleFormOf, emptyAppRoleForm } from '../lib/appRoleForm';
import { RadiusAttributesEditor } from './RadiusAttributesEditor';

/** Opens with the app role to edit, or null for a new one. */
export const APP_ROLE_FORM_DIALOG = dialogName<AppRole | null>('app-role-form');

const SELECTS = [
  { field: 'applicationId', kind: 'applications', label: 'appRoles.form.application' },
  { field: 'groupId', kind: 'groups', label: 'appRoles.form.group' },
  { field: 'flowId', kind: 'flows', label: 'appRoles.form.flow' },
] as const;

/** One of the form's selects, with its area's choices. */
function ChoiceSelect({
  field,
  kind,
  label,
  control,
  current,
  // biome-ignore lint/suspicious/noExplicitAny: the form's context and parsed body do not matter here
}: (typeof SELECTS)[number] & { control: Control<AppRoleFormValues, any, any>; current?: string }) {
  const { t } = useTranslation();
  return (
    <FormChoiceSelect
      control={control}
      name={field}
      required
      label={t(label)}
      options={useAppRoleChoices(kind).data ?? []}
      current={current}
    />
  );
}

/** New or edit app role: display name, application, configuration group and flow; a RADIUS application's attributes. */
export function AppRoleFormDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AppRole | null>(null);
  const form = useContractForm<AppRoleFormValues, AppRoleInput>({ ...appRoleForm, defaultValues: emptyAppRoleForm() });
  const { control, handleSubmit, reset, setError, showFieldErrors } = form;
  const save = useSaveAppRole({
    success: (t, _saved, { id }) => t(id ? 'appRoles.saved' : 'success.entityCreated'),
    onFieldErrors: showFieldErrors,
    // One app role per application and group: the conflict is said under both.
    onError: (err, message) => {
      if (isApiError(err) && err.body?.code === 'appRoleExists') {
        setError('applicationId', { type: 'server', message });
        setError('groupId', { type: 'server', message });
      }
    },
    onSuccess: () => dialogs.close(APP_ROLE_FORM_DIALOG.name),
  });
  const applicationId = useWatch({ control, name: 'applicationId' });
  const applications = useAppRoleChoices('applications').data ?? [];
  const radius = applications.some((a) => a.id === applicationId && a.radius);
  // Only a RADIUS application's roles carry attributes: any other sends none.
  const submit = handleSubmit((input) =>
    save.run({ id: editing?.id, input: radius ? input : { ...input, radiusAttributes: [] } }),
  );
  const current = {
    applicationId: editing?.application.name,
    groupId: editing?.group.name,
    flowId: editing?.flow.name,
  };

  return (
    <FormDialog
      dialog={APP_ROLE_FORM_DIALOG}
      title={t(editing ? 'appRoles.form.editTitle' : 'appRoles.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(role) => {
        setEditing(role);
        reset(role ? appRoleFormOf(role) : emptyAppRoleForm());
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="displayName" autoFocus required label={t('appRoles.form.displayName')} />
        {SELECTS.map((s) => (
          <ChoiceSelect key={s.field} {...s} control={control} current={current[s.field]} />
        ))}
        {radius && <RadiusAttributesEditor control={control} />}
      </Stack>
    </FormDialog>
  );
}
