import { Autocomplete, Stack, TextField, Typography } from '@mui/material';
import { type LaApp, type LoginGroupAppsInput, loginGroupAppsInputSchema } from '@portiere/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useDialog } from '../../../components/dialogs/useDialog';
import { useContractForm } from '../../../components/forms/useContractForm';
import { useAddLoginGroupApps, useLoginGroupCandidates } from '../api/loginGroupsApi';

export const ADD_APPS_DIALOG = dialogName('login-group-add-apps');

/** The apps picked (sent as their ids): at least one, as the contract's body says. */
interface AddAppsValues {
  appIds: LaApp[];
}
const addAppsForm = {
  schema: loginGroupAppsInputSchema,
  toInput: (v: AddAppsValues) => ({ appIds: v.appIds.map((a) => a.id) }),
};

/** Picks among the apps not yet in the group (la-apps/?not_in_login_group_id=) and adds them. */
export function AddAppsDialog({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const open = useDialog(ADD_APPS_DIALOG);
  const candidates = useLoginGroupCandidates(groupId, open);
  const { control, handleSubmit, reset } = useContractForm<AddAppsValues, LoginGroupAppsInput>({
    ...addAppsForm,
    defaultValues: { appIds: [] },
  });
  const add = useAddLoginGroupApps({
    success: (t, r) => t('loginGroups.detail.applications.added', { count: r.added }),
    onSuccess: () => dialogs.close(ADD_APPS_DIALOG.name),
  });
  const submit = handleSubmit(({ appIds }) => add.run({ groupId, appIds }));
  const options = candidates.data ?? [];
  return (
    <FormDialog
      dialog={ADD_APPS_DIALOG}
      title={t('loginGroups.detail.applications.addTitle')}
      onSubmit={submit}
      submitLabel={t('loginGroups.detail.applications.add')}
      busy={add.isPending}
      onOpen={() => reset({ appIds: [] })}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {candidates.isSuccess && options.length === 0 && (
          <Typography variant="body2">{t('loginGroups.detail.applications.none')}</Typography>
        )}
        <Controller
          control={control}
          name="appIds"
          render={({ field, fieldState }) => (
            <Autocomplete<LaApp, true>
              multiple
              options={options}
              loading={candidates.isFetching}
              loadingText={t('common.loading')}
              value={field.value}
              onChange={(_, v) => field.onChange(v)}
              getOptionLabel={(a) => `${a.name} (${a.target})`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  autoFocus
                  label={t('loginGroups.detail.applications.pick')}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
