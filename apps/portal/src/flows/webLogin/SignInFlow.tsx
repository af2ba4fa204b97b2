import type { SignInState } from '@portiere/contracts';
import { type ReactNode, useEffect } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { PageShell } from '../../components/PageShell';
import { ApiError } from '../../lib/api';
import { fill } from '../../lib/i18n/fill';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { errorMessage } from '../../lib/messages';
import { useBranding } from '../../lib/useBranding';
import { CancelButton } from './CancelButton';
import { EndedPage } from './EndedPage';
import { IdentifyStep } from './IdentifyStep';
import { StageStep } from './StageStep';
import { type SignInFlowApi, useSignIn } from './useSignIn';

/**
 * The web login at /signin/<uid>: the provider sends the browser here when an application asks
 * for a member. Who (a name or a temporary card), then the flow's stages one by one, then back to
 * the provider, which ends the sign-in with the application. Cancel goes back to the application.
 */
export function SignInFlow({ uid }: { uid: string }) {
  const { d, setCustomerLanguage } = useI18n();
  const { phase, retry, flow } = useSignIn(uid);
  const state = phase.status === 'ready' ? phase.state : null;
  const [customerId, language] = [state?.customer_id ?? null, state?.language ?? null];
  const branding = useBranding(customerId);

  useEffect(() => setCustomerLanguage(language), [language, setCustomerLanguage]);
  useEffect(() => {
    document.title = branding ? `${d.signin.pageTitle} · ${branding.customer_name}` : d.signin.pageTitle;
  }, [branding, d]);

  let content: ReactNode;
  if (phase.status === 'loading') content = <Loading />;
  else if (phase.status === 'failed')
    content = (
      <LoadFailed
        title={d.signin.pageTitle}
        message={
          phase.error instanceof ApiError && phase.error.status === 429 ? errorMessage(d, phase.error) : undefined
        }
        onRetry={retry}
      />
    );
  else if (phase.status === 'ended') content = <EndedPage code={phase.code} />;
  else if (phase.status === 'leaving')
    content = (
      <section className="card">
        <Loading label={phase.reason === 'done' ? d.signin.redirecting : d.signin.leaving} />
      </section>
    );
  else content = <SignInCard state={phase.state} flow={flow} loginText={branding?.login_page_text ?? ''} />;
  return <PageShell branding={branding}>{content}</PageShell>;
}

function SignInCard({ state, flow, loginText }: { state: SignInState; flow: SignInFlowApi; loginText: string }) {
  const { d } = useI18n();
  const stage = state.step === 'stage' ? state.stage : null;
  return (
    <section className="card">
      <h1>{fill(d.signin.title, { application: state.application.name })}</h1>
      {/* Said again at each new stage, while the focus moves to its first field. */}
      <p className="step-of" aria-live="polite">
        {stage && fill(d.signin.stepOf, { n: stage.index + 1, count: stage.count })}
      </p>
      {stage && state.username && (
        <p className="signing-in-as">{fill(d.signin.signingInAs, { username: state.username })}</p>
      )}
      {stage ? (
        <StageStep key={stage.index} stage={stage} flow={flow} attemptsLeft={state.attempts_left} />
      ) : (
        <IdentifyStep flow={flow} identifier={state.username_text} loginText={loginText} />
      )}
      <CancelButton flow={flow} />
    </section>
  );
}
