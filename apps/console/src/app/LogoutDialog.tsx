import { DialogContentText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppDialog } from '../components/dialogs/AppDialog';
import { dialogs } from '../components/dialogs/dialogRegistry';
import { feedback } from '../components/feedback/feedbackStore';
import { logout } from '../lib/session';
import { LOGOUT_DIALOG } from './dialogNames';

/** "Do you really want to log out?" — a yes-or-no question: No (or Escape) stays signed in. */
export function LogoutDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = async () => {
    dialogs.close(LOGOUT_DIALOG.name);
    feedback.reset();
    await logout();
    navigate('/', { replace: true });
  };
  return (
    <AppDialog dialog={LOGOUT_DIALOG} title={t('dialogs.logout.title')} onNo onYes={confirm}>
      <DialogContentText>{t('dialogs.logout.message')}</DialogContentText>
    </AppDialog>
  );
}
