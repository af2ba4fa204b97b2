import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { LoginResponse } from '@portiere/contracts';
import { LOCALES } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homeFor } from '../../../app/routes';
import { feedback } from '../../../components/feedback/feedbackStore';
import { isApiError } from '../../../lib/api/apiError';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { currentLocale, switchLanguage } from '../../../lib/i18n/i18n';
import { signIn } from '../../../lib/session';
import { authApi } from '../api/authApi';
import { ChangePasswordStep } from '../components/ChangePasswordStep';
import { type Credentials, CredentialsStep } from '../components/CredentialsStep';
import { OtpStep } from '../components/OtpStep';

type Step = { kind: 'credentials' } | { kind: 'change'; change: string } | { kind: 'otp'; email: string };

/** Sign-in: credentials, then a forced password change and/or a mailed code, then tokens. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  // The OTP is checked together with the credentials, so keep them for that step.
  const [creds, setCreds] = useState<Credentials>({ username: '', password: '' });

  const fail = (err: unknown, overrides?: Record<string, string>) =>
    feedback.push({ type: 'error', message: errorMessage(t, err, overrides) });

  async function handleAnswer(answer: LoginResponse, successKey: string) {
    if ('access' in answer) {
      const me = await signIn(answer);
      feedback.push({ type: 'success', message: t(successKey) });
      navigate(homeFor(me.user_type), { replace: true });
    } else if ('change' in answer) {
      setStep({ kind: 'change', change: answer.change });
    } else {
      setStep({ kind: 'otp', email: answer.email });
    }
  }

  const submitCredentials = async (values: Credentials) => {
    setCreds(values);
    try {
      await handleAnswer(await authApi.login(values), 'success.login');
    } catch (err) {
      fail(err);
    }
  };

  const submitNewPassword = async (newPassword: string): Promise<string | null> => {
    if (step.kind !== 'change') return null;
    try {
      const answer = await authApi.changePassword({ change: step.change, new_password: newPassword });
      setCreds((c) => ({ ...c, password: newPassword }));
      await handleAnswer(answer, 'success.passwordChanged');
      return null;
    } catch (err) {
      const detail = isApiError(err) ? err.body?.details?.new_password : undefined;
      if (detail) {
        feedback.push({ type: 'error', message: t('error.changePassword') });
        return fieldErrorMessage(t, detail);
      }
      if (isApiError(err) && err.body?.code === 'changeTokenInvalid') setStep({ kind: 'credentials' });
      fail(err, { validation: 'error.changePassword' });
      return null;
    }
  };

  const submitOtp = async (otp: string) => {
    try {
      await handleAnswer(await authApi.login({ ...creds, otp }), 'success.login');
    } catch (err) {
      fail(err);
    }
  };

  const back = () => setStep({ kind: 'credentials' });
  const locale = currentLocale();

  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper component="section" elevation={3} sx={{ p: 4, width: '100%', maxWidth: 420 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }} data-testid="page-title">
          {t('common.appName')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('auth.subtitle')}
        </Typography>
        {step.kind === 'credentials' && <CredentialsStep onSubmit={submitCredentials} />}
        {step.kind === 'change' && <ChangePasswordStep onSubmit={submitNewPassword} onBack={back} />}
        {step.kind === 'otp' && <OtpStep email={step.email} onSubmit={submitOtp} onBack={back} />}
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'center' }}>
          {LOCALES.map((l) => (
            <Button
              key={l}
              size="small"
              lang={l}
              variant={l === locale ? 'outlined' : 'text'}
              onClick={() => void switchLanguage(l)}
            >
              {t(`common.languages.${l}`)}
            </Button>
          ))}
        </Stack>
      </Paper>
    </Box>
  );
}
