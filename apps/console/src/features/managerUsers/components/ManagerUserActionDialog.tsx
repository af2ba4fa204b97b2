import { DialogContentText } from '@mui/material';
import type { ManagerUser } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/AppDialog';
import { dialogName, dialogs, openDialog } from '../../../components/dialogs/dialogRegistry';
import { useResetApiKey, useResetPassword, useSetManagerUserBlocked } from '../api/managerUsersApi';
import { API_KEY_DIALOG } from './ApiKeyDialog';

export type ManagerUserAction = 'resetApiKey' | 'resetPassword' | 'block' | 'unblock';
export interface ManagerUserActionRequest {
  user: ManagerUser;
  action: ManagerUserAction;
}

/** Opens with the user and the action to confirm. */
export const MANAGER_USER_ACTION_DIALOG = dialogName<ManagerUserActionRequest>('manager-user-action');

/**
 * Asks before each action on a manager user, says what it does, and runs it only on Confirm;
 * a reset API key then shows in the key dialog, once.
 */
export function ManagerUserActionDialog({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const [request, setRequest] = useState<ManagerUserActionRequest | null>(null);
  const close = () => dialogs.close(MANAGER_USER_ACTION_DIALOG.name);
  const resetApiKey = useResetApiKey(customerId, {
    success: (t) => t('success.apiKeyReset'),
    onSuccess: (answer, user) => openDialog(API_KEY_DIALOG, { email: user.email, apiKey: answer.api_key }),
  });
  const resetPassword = useResetPassword(customerId, {
    success: (t, _none, user) =>
      `${t('success.passwordReset')} ${t('managerUsers.passwordMailed', { email: user.email })}`,
  });
  const setBlocked = useSetManagerUserBlocked(customerId, {
    success: (t, user, { blocked }) =>
      t(blocked ? 'managerUsers.blocked' : 'managerUsers.unblocked', { email: user.email }),
  });
  const busy = resetApiKey.isPending || resetPassword.isPending || setBlocked.isPending;

  const confirm = async () => {
    if (!request) return;
    const { user, action } = request;
    close();
    if (action === 'resetApiKey') {
      await resetApiKey.run(user);
      // The key is in the key dialog now; the hook need not hold it any longer.
      resetApiKey.reset();
    } else if (action === 'resetPassword') await resetPassword.run(user);
    else await setBlocked.run({ user, blocked: action === 'block' });
  };

  const action = request?.action ?? 'resetApiKey';
  return (
    <AppDialog
      dialog={MANAGER_USER_ACTION_DIALOG}
      title={t(`managerUsers.confirm.${action}.title`)}
      onOpen={setRequest}
      onCancel
      onConfirm={confirm}
      busy={busy}
    >
      <DialogContentText>
        {t(`managerUsers.confirm.${action}.message`, { email: request?.user.email ?? '' })}
      </DialogContentText>
    </AppDialog>
  );
}
