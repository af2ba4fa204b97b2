import type { CredentialType, EnrollmentCredential } from '@portiere/contracts';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { PageShell } from '../../components/PageShell';
import { ApiError } from '../../lib/api';
import { fill } from '../../lib/i18n/fill';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { errorMessage } from '../../lib/messages';
import { safeRedirect } from '../../lib/redirect';
import { useBranding } from '../../lib/useBranding';
import { DonePage } from './DonePage';
import { KindList } from './KindList';
import { KindStep } from './KindStep';
import { LinkProblemPage } from './LinkProblemPage';
import { useEnrollSession } from './useEnrollSession';

type View =
  | { step: 'list'; notice: string | null }
  | { step: 'kind'; kind: CredentialType }
  | { step: 'done'; redirecting: boolean };

/** The enrolment page at /enroll/<token>: the list of kinds, one kind's set-up, the end. */
export function EnrollFlow({ token }: { token: string }) {
  const { d, setCustomerLanguage } = useI18n();
  const { state, api, retry, upsert, remove } = useEnrollSession(token);
  const session = state.status === 'ready' ? state.session : null;
  const branding = useBranding(session?.customer_id ?? null);
  const [view, setView] = useState<View>({ step: 'list', notice: null });

  useEffect(() => setCustomerLanguage(session?.language ?? null), [session?.language, setCustomerLanguage]);
  useEffect(() => {
    document.title = branding ? `${d.enroll.title} · ${branding.customer_name}` : d.enroll.title;
  }, [branding, d]);

  const kindName = view.step === 'kind' ? d.kinds[view.kind].name : '';
  const onEnrolled = useCallback(
    (credential: EnrollmentCredential) => {
      upsert(credential);
      setView({ step: 'list', notice: fill(d.enroll.kindDone, { kind: kindName }) });
    },
    [upsert, d, kindName],
  );
  const finish = useCallback(async () => {
    const { redirect_url } = await api.complete();
    const target = safeRedirect(redirect_url);
    setView({ step: 'done', redirecting: !!target });
    if (target) window.location.assign(target);
  }, [api]);

  let content: ReactNode;
  if (state.status === 'loading') content = <Loading />;
  else if (state.status === 'failed')
    // A rate limit says to wait; anything else (network, server) is "could not load", with Retry.
    content = (
      <LoadFailed
        message={
          state.error instanceof ApiError && state.error.status === 429 ? errorMessage(d, state.error) : undefined
        }
        onRetry={retry}
      />
    );
  else if (state.status === 'gone') content = <LinkProblemPage problem={state.problem} token={token} />;
  else if (view.step === 'done') content = <DonePage redirecting={view.redirecting} />;
  else if (view.step === 'kind')
    content = (
      <KindStep
        key={view.kind}
        api={api}
        kind={view.kind}
        policy={state.session.policy}
        unfinished={state.session.credentials.find((c) => c.type === view.kind && !c.enrolled)}
        onCredential={upsert}
        onRemoved={remove}
        onEnrolled={onEnrolled}
        onBack={() => setView({ step: 'list', notice: null })}
      />
    );
  else
    content = (
      <KindList
        session={state.session}
        loginText={branding?.login_page_text ?? ''}
        notice={view.notice}
        onPick={(kind) => setView({ step: 'kind', kind })}
        onFinish={finish}
      />
    );
  return <PageShell branding={branding}>{content}</PageShell>;
}
