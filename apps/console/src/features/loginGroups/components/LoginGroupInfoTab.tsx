import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { LoginGroup, LoginGroupInput } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { useContractForm } from '../../../components/forms/useContractForm';
import { useDeleteLoginGroup, useUpdateLoginGroup } from '../api/loginGroupsApi';
import {
  type LoginGroupFormValues,
  loginGroupForm,
  loginGroupFormOf,
  loginGroupInputOf,
  loginGroupPatchOf,
} from '../lib/loginGroupForm';
import { LoginGroupFields } from './LoginGroupFields';

/** Edit the name and description; delete (refused with the counts while credentials or apps remain). */
export function LoginGroupInfoTab({ group }: { group: LoginGroup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { control, handleSubmit, watch, showFieldErrors } = useContractForm<LoginGroupFormValues, LoginGroupInput>({
    ...loginGroupForm,
    defaultValues: loginGroupFormOf(group),
  });
  const update = useUpdateLoginGroup({
    success: (t) => t('loginGroups.saved'),
    onFieldErrors: showFieldErrors,
    codeFields: { nameExists: 'name' },
  });
  const del = useDeleteLoginGroup({
    success: (t) => t('success.objectDeleted'),
    onSuccess: () => navigate('/login-groups'),
  });
  // Save is on while something differs from the saved group.
  const changed = Object.keys(loginGroupPatchOf(group, loginGroupInputOf(watch()))).length > 0;
  const save = handleSubmit(async (input) => {
    const patch = loginGroupPatchOf(group, input);
    if (Object.keys(patch).length) await update.run({ id: group.id, patch });
  });
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
      <LoginGroupFields control={control} />
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
        <Button type="submit" variant="contained" disabled={update.isPending || !changed}>
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
