import { Autocomplete, Stack, TextField, Typography } from '@mui/material';
import { fieldError, type LaApp } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useDialog } from '../../../components/dialogs/useDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useAddLoginGroupApps, useLoginGroupCandidates } from '../api/loginGroupsApi';

export const ADD_APPS_DIALOG = dialogName('login-group-add-apps');

/** Picks among the apps not yet in the group (la-apps/?not_in_login_group_id=) and adds them. */
export function AddAppsDialog({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const open = useDialog(ADD_APPS_DIALOG);
  const candidates = useLoginGroupCandidates(groupId, open);
  const [picked, setPicked] = useState<LaApp[]>([]);
  const [error, setError] = useState<string | null>(null);
  const add = useAddLoginGroupApps({
    success: (t, r) => t('loginGroups.detail.applications.added', { count: r.added }),
    onSuccess: () => dialogs.close(ADD_APPS_DIALOG.name),
  });
  const submit = async () => {
    if (!picked.length) return setError(fieldErrorMessage(t, fieldError('required')));
    await add.run({ groupId, appIds: picked.map((a) => a.id) });
  };
  const options = candidates.data ?? [];
  return (
    <FormDialog
      dialog={ADD_APPS_DIALOG}
      title={t('loginGroups.detail.applications.addTitle')}
      onSubmit={submit}
      submitLabel={t('loginGroups.detail.applications.add')}
      busy={add.isPending}
      onOpen={() => {
        setPicked([]);
        setError(null);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {candidates.isSuccess && options.length === 0 && (
          <Typography variant="body2">{t('loginGroups.detail.applications.none')}</Typography>
        )}
        <Autocomplete<LaApp, true>
          multiple
          options={options}
          loading={candidates.isFetching}
          loadingText={t('common.loading')}
          value={picked}
          onChange={(_, v) => {
            setPicked(v);
            setError(null);
          }}
          getOptionLabel={(a) => `${a.name} (${a.target})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              label={t('loginGroups.detail.applications.pick')}
              error={Boolean(error)}
              helperText={error}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
