import { Switch } from '@mui/material';
import type { WorkstationUser } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { useSetAutologon } from '../api/workstationUsersApi';

/** Autologon of one member; it shows the server's state, so a refused change leaves it as it was. */
export function AutologonSwitch({ user }: { user: WorkstationUser }) {
  const { t } = useTranslation();
  const setAutologon = useSetAutologon({
    success: (t, _r, { enabled }) =>
      t(enabled ? 'workstationUsers.autologonOn' : 'workstationUsers.autologonOff', { name: user.username }),
  });
  return (
    <Switch
      checked={user.autologon}
      disabled={setAutologon.isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => setAutologon.run({ user, enabled: e.target.checked })}
      slotProps={{ input: { 'aria-label': t('workstationUsers.autologonFor', { name: user.username }) } }}
    />
  );
}
