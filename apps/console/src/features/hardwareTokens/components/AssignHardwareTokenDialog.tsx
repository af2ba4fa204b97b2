import { Stack, Typography } from '@mui/material';
import type { HardwareToken } from '@portiere/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useContractForm } from '../../../components/forms/useContractForm';
import { MemberPicker, type PickedMember } from '../../../components/members/MemberPicker';
import { useAssignHardwareToken } from '../api/hardwareTokensApi';

export const ASSIGN_HARDWARE_TOKEN_DIALOG = dialogName<HardwareToken>('assign-hardware-token');

interface AssignValues {
  member: PickedMember | null;
}
/** The member the token goes to (sent as its id): required. */
const assignForm = { schema: z.object({ member: z.object({ id: z.string().min(1) }) }) };

/** Assign: a member picked by username; the token becomes that member's HOTP/TOTP credential. */
export function AssignHardwareTokenDialog() {
  const { t } = useTranslation();
  const [token, setToken] = useState<HardwareToken | null>(null);
  const { control, handleSubmit, reset, setError } = useContractForm<AssignValues, { member: { id: string } }>({
    ...assignForm,
    defaultValues: { member: null },
  });
  const assign = useAssignHardwareToken({
    // Whatever refused it (settings, the member's configuration, a credential already there) is said under the member.
    onError: (_err, message) => setError('member', { type: 'server', message }),
    onSuccess: () => dialogs.close(ASSIGN_HARDWARE_TOKEN_DIALOG.name),
  });
  const submit = handleSubmit(({ member }) =>
    token ? assign.run({ token, body: { member_id: member.id } }) : undefined,
  );

  return (
    <FormDialog
      dialog={ASSIGN_HARDWARE_TOKEN_DIALOG}
      title={t('hardwareTokens.assign.title', { serial: token?.serial ?? '' })}
      onSubmit={submit}
      submitLabel={t('hardwareTokens.assign.submit')}
      busy={assign.isPending}
      onOpen={(payload) => {
        setToken(payload);
        reset({ member: null });
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2">
          {t('hardwareTokens.assign.message', { kind: token?.kind.toUpperCase() ?? '' })}
        </Typography>
        <Controller
          control={control}
          name="member"
          render={({ field, fieldState }) => (
            <MemberPicker
              label={t('hardwareTokens.assign.member')}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message ?? null}
              autoFocus
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
