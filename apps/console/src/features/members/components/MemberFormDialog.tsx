import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Divider, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { MemberDetail } from '@portiere/contracts';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import type { MutationUi } from '../../../components/feedback/useApiMutation';
import { useContractForm } from '../../../components/forms/useContractForm';
import { useConfigurationOptions, useCreateMember, useUpdateMember } from '../api/membersApi';
import { emptyIdentity, formValuesOf, type MemberFormValues, memberForm, memberPatchOf } from '../lib/memberForm';
import { ExtraInfoEditor } from './ExtraInfoEditor';

/** Opens with the member to edit, or null for a new user. */
export const MEMBER_FORM_DIALOG = dialogName<MemberDetail | null>('memberForm');

interface Props {
  onSaved?: (member: MemberDetail) => void;
}

function DateField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string;
}) {
  return (
    <DatePicker
      label={label}
      value={value ? dayjs(value) : null}
      onChange={(v) => onChange(v?.isValid() ? v.format('YYYY-MM-DD') : null)}
      slotProps={{ textField: { size: 'small', fullWidth: true, error: Boolean(error), helperText: error } }}
    />
  );
}

/** New or edit user: the contract's rules on the client, the server's field errors under their fields. */
export function MemberFormDialog({ onSaved }: Props) {
  const { t } = useTranslation();
  const configurations = useConfigurationOptions();
  const [member, setMember] = useState<MemberDetail | null>(null);
  const initial = useRef<MemberFormValues>(formValuesOf(null));
  const form = useContractForm({ ...memberForm, defaultValues: initial.current });
  const { control, register, handleSubmit, reset, formState, showFieldErrors } = form;
  const identities = useFieldArray({ control, name: 'identities' });
  const [editorKey, setEditorKey] = useState(0);
  const [pairsError, setPairsError] = useState<string | null>(null);

  const onOpen = (opened: MemberDetail | null) => {
    setMember(opened);
    initial.current = formValuesOf(opened);
    reset(initial.current);
    setPairsError(null);
    setEditorKey((k) => k + 1);
  };

  // The server's field errors go under their fields; a taken username under the username.
  const saved: MutationUi<MemberDetail, unknown> = {
    codeFields: { usernameExists: 'username' },
    onFieldErrors: showFieldErrors,
    onSuccess: (m) => {
      dialogs.close(MEMBER_FORM_DIALOG.name);
      onSaved?.(m);
    },
  };
  const create = useCreateMember({ ...saved, success: (t) => t('members.success.created') });
  const update = useUpdateMember({ ...saved, success: (t) => t('members.success.updated') });

  const submit = handleSubmit(async (input) => {
    if (pairsError) return;
    if (member) await update.run({ id: member.id, patch: memberPatchOf(initial.current, input) });
    else await create.run(input);
  });

  const e = formState.errors;
  const text = (
    name: 'first_name' | 'last_name' | 'username' | 'email' | 'phone_number',
    label: string,
    extra = {},
  ) => (
    <TextField
      {...register(name)}
      label={label}
      size="small"
      fullWidth
      error={Boolean(e[name])}
      helperText={e[name]?.message}
      {...extra}
    />
  );

  return (
    <FormDialog
      dialog={MEMBER_FORM_DIALOG}
      title={t(member ? 'members.form.editTitle' : 'members.form.newTitle')}
      onSubmit={submit}
      submitLabel={t(member ? 'members.form.save' : 'members.form.create')}
      busy={formState.isSubmitting}
      onOpen={onOpen}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('first_name', t('members.form.firstName'), { autoFocus: true })}
          {text('last_name', t('members.form.lastName'))}
        </Stack>
        {text('username', t('members.form.username'), { required: true })}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('email', t('members.form.email'), { type: 'email' })}
          {text('phone_number', t('members.form.phone'), {
            type: 'tel',
            helperText: e.phone_number?.message ?? t('members.form.phoneHint'),
          })}
        </Stack>
        <Controller
          control={control}
          name="group_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              label={t('members.form.group')}
              size="small"
              fullWidth
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              <MenuItem value="">{t('members.noGroup')}</MenuItem>
              {configurations.data?.results.map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {g.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Divider />
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('members.form.identities')}
          </Typography>
          <Stack spacing={1.5}>
            {identities.fields.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('members.form.noIdentities')}
              </Typography>
            )}
            {identities.fields.map((f, i) => (
              <Stack key={f.id} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  {...register(`identities.${i}.subject`)}
                  label={t('members.form.subject')}
                  size="small"
                  required
                  sx={{ flex: 2 }}
                  error={Boolean(e.identities?.[i]?.subject)}
                  helperText={e.identities?.[i]?.subject?.message}
                />
                <TextField
                  {...register(`identities.${i}.issuer`)}
                  label={t('members.form.issuer')}
                  size="small"
                  sx={{ flex: 2 }}
                />
                <Box sx={{ flex: 1.5, minWidth: 160 }}>
                  <Controller
                    control={control}
                    name={`identities.${i}.validTo`}
                    render={({ field, fieldState }) => (
                      <DateField
                        label={t('members.form.validTo')}
                        value={field.value}
                        onChange={field.onChange}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                </Box>
                <TextField
                  {...register(`identities.${i}.microsoft_identity`)}
                  label={t('members.form.microsoftIdentity')}
                  size="small"
                  sx={{ flex: 2 }}
                />
                <IconButton
                  aria-label={t('members.form.removeIdentity', { index: i + 1 })}
                  onClick={() => identities.remove(i)}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
            <Box>
              <Button size="small" startIcon={<AddIcon />} onClick={() => identities.append({ ...emptyIdentity })}>
                {t('members.form.addIdentity')}
              </Button>
            </Box>
          </Stack>
        </Box>
        <Controller
          control={control}
          name="identity_not_valid_after"
          render={({ field, fieldState }) => (
            <DateField
              label={t('members.form.identityNotValidAfter')}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Divider />
        <Controller
          control={control}
          name="extra_info"
          render={({ field, fieldState }) => (
            <ExtraInfoEditor
              key={editorKey}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              onPairsError={setPairsError}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
