import type { CredentialType, EnrollmentSession } from '@portiere/contracts';
import { useState } from 'react';
import { Heading } from '../../components/Heading';
import { Notice } from '../../components/Notice';
import { fill } from '../../lib/i18n/fill';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { errorMessage } from '../../lib/messages';

export type KindState = 'done' | 'started' | 'none';

export function kindState(session: EnrollmentSession, kind: CredentialType): KindState {
  const mine = session.credentials.filter((c) => c.type === kind);
  if (mine.some((c) => c.enrolled)) return 'done';
  return mine.length ? 'started' : 'none';
}

interface Props {
  session: EnrollmentSession;
  loginText: string;
  /** Said once, when the member comes back from a finished set-up. */
  notice: string | null;
  onPick: (kind: CredentialType) => void;
  onFinish: () => Promise<void>;
}

/** The greeting, the kinds this member may set up (each with its state), and Finish. */
export function KindList({ session, loginText, notice, onPick, onFinish }: Props) {
  const { d, language } = useI18n();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const canFinish = session.credentials.some((c) => c.enrolled);
  const validUntil = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(session.expires_at),
  );
  const status = { done: d.enroll.statusDone, started: d.enroll.statusStarted, none: d.enroll.statusNone };

  async function finish() {
    setBusy(true);
    setFailure(null);
    try {
      await onFinish();
    } catch (err) {
      setFailure(errorMessage(d, err));
      setBusy(false);
    }
  }

  return (
    <section className="card">
      <Heading>{d.enroll.title}</Heading>
      {loginText && <p className="login-text">{loginText}</p>}
      <p>
        {fill(d.enroll.greeting, { name: session.member.first_name || session.member.username })} {d.enroll.intro}
      </p>
      {notice && <Notice tone="success">{notice}</Notice>}
      {session.allowed.length === 0 && <Notice tone="warning">{d.enroll.noneAllowed}</Notice>}
      <ul className="kinds" aria-label={d.enroll.listLabel}>
        {session.allowed.map((kind) => {
          const state = kindState(session, kind);
          const name = d.kinds[kind].name;
          const action = state === 'started' ? d.enroll.startAgain : d.enroll.setUp;
          return (
            <li key={kind} className={`kind kind-${state}`} data-testid={`kind-${kind}`}>
              <div className="kind-text">
                <h2>{name}</h2>
                <p>{d.kinds[kind].hint}</p>
                <p className="kind-status">
                  {state === 'done' && <span aria-hidden="true">✓ </span>}
                  {status[state]}
                </p>
              </div>
              {state !== 'done' && (
                // Named with the kind, so that each "Set up" says which one to screen readers.
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={`${action}: ${name}`}
                  onClick={() => onPick(kind)}
                >
                  {action}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {failure && <Notice tone="error">{failure}</Notice>}
      <div className="actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!canFinish || busy}
          aria-describedby={canFinish ? undefined : 'finish-hint'}
          onClick={finish}
        >
          {d.enroll.finish}
        </button>
      </div>
      {!canFinish && (
        <p id="finish-hint" className="field-hint">
          {d.enroll.finishHint}
        </p>
      )}
      <p className="field-hint">{fill(d.enroll.validUntil, { date: validUntil })}</p>
    </section>
  );
}
