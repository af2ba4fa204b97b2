import type { LoginResponse } from '@portiere/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { serverFieldErrors } from '../../../components/feedback/errorFeedback';
import { feedback } from '../../../components/feedback/feedbackStore';
import { isApiError } from '../../../lib/api/apiError';
import { homeFor } from '../../../lib/auth/home';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { currentLocale, switchLanguage } from '../../../lib/i18n/i18n';
import { isTranslated, NAMED_LANGUAGES } from '../../../lib/i18n/languages';
import { SIGN_IN_FEEDBACK, signIn } from '../../../lib/session';
import { preloadSignInCalls, useChangePassword, useLogin } from '../api/authApi';
import type { SubmitNewPassword } from '../components/ChangePasswordStep';
import { type Credentials, CredentialsStep } from '../components/CredentialsStep';
import styles from '../components/signIn.module.css';

/**
 * The page paints from the first chunk with the credentials step alone; the later steps, with
 * react-hook-form and zod, are chunks of their own (issue 35). The mailed-code step, the step
 * of nearly every sign-in, is fetched with the calls at the first keystroke.
 */
const otpStep = () => import('../components/OtpStep');
const OtpStep = lazy(() => otpStep().then((m) => ({ default: m.OtpStep })));
const ChangePasswordStep = lazy(() =>
  import('../components/ChangePasswordStep').then((m) => ({ default: m.ChangePasswordStep })),
);
const preload = () => {
  preloadSignInCalls();
  void otpStep();
};

type Step = { kind: 'credentials' } | { kind: 'change'; change: string } | { kind: 'otp'; email: string };

/**
 * Sign-in: credentials, then a forced password change and/or a mailed code, then tokens. Drawn
 * without MUI, in MUI's look (signIn.module.css): every session starts here, and MUI would
 * double what the browser fetches before this page shows (issue 35).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  // The OTP is checked together with the credentials, so keep them for that step.
  const [creds, setCreds] = useState<Credentials>({ username: '', password: '' });

  async function handleAnswer(answer: LoginResponse, successKey: 'success.login' | 'success.passwordChanged') {
    if ('access' in answer) {
      const me = await signIn(answer);
      feedback.push({ type: 'success', message: t(successKey) });
      // A new history entry: Back returns to the login route, where the guard asks to log out.
      navigate(homeFor(me.user_type));
    } else if ('change' in answer) {
      setStep({ kind: 'change', change: answer.change });
    } else {
      setStep({ kind: 'otp', email: answer.email });
    }
  }

  // A failure of the sign-in that follows the answer (loading the account) is reported like the call's own.
  // One action for the feedback: a good answer to either call dismisses the failures of both.
  const loginCall = useLogin({
    source: SIGN_IN_FEEDBACK,
    onSuccess: (answer) => handleAnswer(answer, 'success.login'),
  });
  const changeCall = useChangePassword({
    source: SIGN_IN_FEEDBACK,
    message: (t, err) => errorMessage(t, err, { validation: 'error.changePassword' }),
    // A refused field is said once, under the field (submitNewPassword hands it to the form);
    // anything else (an expired change, a failed call) in the snackbar.
    onFieldErrors: (fields) => Boolean(fields.new_password || fields.confirm_password),
    onError: (err) => {
      if (isApiError(err) && err.body?.code === 'changeTokenInvalid') setStep({ kind: 'credentials' });
    },
    onSuccess: (answer, body) => {
      setCreds((c) => ({ ...c, password: body.new_password }));
      return handleAnswer(answer, 'success.passwordChanged');
    },
  });

  const submitCredentials = async (values: Credentials) => {
    setCreds(values);
    await loginCall.run(values);
  };

  const submitNewPassword: SubmitNewPassword = async (newPassword, confirmPassword) => {
    if (step.kind !== 'change') return null;
    try {
      await changeCall.mutateAsync({
        change: step.change,
        new_password: newPassword,
        confirm_password: confirmPassword,
      });
      return null;
    } catch (err) {
      // Already reported; the form shows each field's own message.
      const fields = serverFieldErrors(t, err);
      return { newPassword: fields.new_password, confirmPassword: fields.confirm_password };
    }
  };

  const submitOtp = async (otp: string) => {
    await loginCall.run({ ...creds, otp });
  };

  const back = () => setStep({ kind: 'credentials' });
  const locale = currentLocale();

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1 className={styles.title} data-testid="page-title">
          {t('common.appName')}
        </h1>
        <p className={styles.subtitle}>{t('auth.subtitle')}</p>
        {step.kind === 'credentials' && <CredentialsStep onSubmit={submitCredentials} onInput={preload} />}
        <Suspense fallback={null}>
          {step.kind === 'change' && <ChangePasswordStep onSubmit={submitNewPassword} onBack={back} />}
          {step.kind === 'otp' && <OtpStep email={step.email} onSubmit={submitOtp} onBack={back} />}
        </Suspense>
        <div className={styles.languages}>
          {NAMED_LANGUAGES.filter(isTranslated).map((l) => (
            <button
              key={l}
              type="button"
              lang={l}
              className={l === locale ? `${styles.textButton} ${styles.current}` : styles.textButton}
              onClick={() => void switchLanguage(l)}
            >
              {t(`common.languages.${l}`)}
            </button>
          ))}
        </div>
        {/* Spanish and German are named only (spec 1): listed, with why they cannot be chosen. */}
        <p className={styles.caption}>
          {NAMED_LANGUAGES.filter((l) => !isTranslated(l)).map((l, i) => (
            <span key={l}>
              {i > 0 && ', '}
              <span lang={l}>{t(`common.languages.${l}`)}</span>
            </span>
          ))}
          {`: ${t('common.languagesNamesOnly')}`}
        </p>
      </section>
    </div>
  );
}
