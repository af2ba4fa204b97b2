import { Switch } from '@mui/material';
import type { WorkstationUser } from '@portiere/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../components/feedback/feedbackStore';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { setAutologon } from '../api/workstationUsersApi';

/** Autologon of one member; it shows the server's state, so a refused change leaves it as it was. */
export function AutologonSwitch({ user }: { user: WorkstationUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const change = async (enabled: boolean) => {
    setBusy(true);
    try {
      await setAutologon(user.id, enabled);
      feedback.push({
        type: 'success',
        message: t(enabled ? 'workstationUsers.autologonOn' : 'workstationUsers.autologonOff', { name: user.username }),
      });
    } catch (err) {
      feedback.push({ type: 'error', message: errorMessage(t, err) });
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['workstation-users'] });
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={user.autologon}
      disabled={busy}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => change(e.target.checked)}
      slotProps={{ input: { 'aria-label': t('workstationUsers.autologonFor', { name: user.username }) } }}
    />
  );
}
