import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { LoginGroup } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useDeleteLoginGroup, useUpdateLoginGroup } from '../api/loginGroupsApi';
import {
  type LoginGroupFormValues,
  loginGroupFormOf,
  loginGroupPatchOf,
  validateLoginGroupForm,
} from '../lib/loginGroupForm';
import { LoginGroupFields } from './LoginGroupFields';

/** Edit the name and description; delete (refused with the counts while credentials or apps remain). */
export function LoginGroupInfoTab({ group }: { group: LoginGroup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginGroupFormValues>(() => loginGroupFormOf(group));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const update = useUpdateLoginGroup({
    success: (t) => t('loginGroups.saved'),
    onFieldErrors: setErrors,
    codeFields: { nameExists: 'name' },
  });
  const del = useDeleteLoginGroup({
    success: (t) => t('success.objectDeleted'),
    onSuccess: () => navigate('/login-groups'),
  });
  const patch = loginGroupPatchOf(group, values);
  const save = async () => {
    const e: Record<string, string> = {};
    for (const [k, v] of Object.entries(validateLoginGroupForm(values))) if (v) e[k] = fieldErrorMessage(t, v);
    setErrors(e);
    if (Object.keys(e).length || !Object.keys(patch).length) return;
    await update.run({ id: group.id, patch });
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ maxWidth: 640 }}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <LoginGroupFields
        values={values}
        errors={errors}
        onChange={(p) => {
          setErrors({});
          setValues((v) => ({ ...v, ...p }));
        }}
      />
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
        <Typography component="dt" color="text.secondary">
          {t('loginGroups.columns.credentials')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }} data-testid="login-group-credentials-count">
          {group.credentials_count}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('loginGroups.columns.applications')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }} data-testid="login-group-applications-count">
          {group.applications_count}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={update.isPending || !Object.keys(patch).length}>
          {t('common.save')}
        </Button>
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteIcon />}
          aria-haspopup="dialog"
          onClick={() => askConfirmation({ kind: 'delete', name: group.name, onConfirm: () => del.run(group) })}
        >
          {t('loginGroups.delete')}
        </Button>
      </Stack>
    </Stack>
  );
}
