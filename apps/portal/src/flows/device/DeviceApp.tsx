/**
 * The members' smartphone app at /app/ (an installable web app; a lazy chunk of the portal).
 * The accounts on this phone with their offline codes, the sign-ins waiting for approval, and
 * "Add an account", which the enrolment page's QR code opens with the confirmation code.
 */
import type { DeviceApproval } from '@portiere/contracts';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Heading } from '../../components/Heading';
import { LoadFailed } from '../../components/LoadFailed';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageShell } from '../../components/PageShell';
import { applyBranding } from '../../lib/branding';
import { fill } from '../../lib/i18n/fill';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { AccountCard } from './AccountCard';
import { AddAccount } from './AddAccount';
import { ApprovalCard, type Outcome } from './ApprovalCard';
import { type AccountStore, type DeviceAccount, indexedDbStore } from './accountStore';
import { type DeviceApi, deviceApi } from './api';
import { useCustomerBranding } from './branding';
import { clearFragment, codeInFragment } from './fragment';
import { linkManifest, registerServiceWorker } from './pwa';
import { useAccounts } from './useAccounts';
import { useApprovals } from './useApprovals';

/** How long "Approved" / "Denied" stays after an answer. */
export const RESULT_MS = 4000;

interface Props {
  /** Tests hand an in-memory store (jsdom has no IndexedDB) and may stand in for the API. */
  store?: AccountStore;
  api?: DeviceApi;
}

/** WebCrypto (secure contexts only) and IndexedDB: without them no key can be kept. */
const supported = () => typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && !!crypto.subtle;

export default function DeviceApp({ store, api = deviceApi }: Props) {
  const { d } = useI18n();
  useEffect(() => {
    document.title = d.device.title;
  }, [d]);
  useEffect(() => {
    registerServiceWorker();
    return linkManifest();
  }, []);
  const [own] = useState(() => store ?? (supported() ? indexedDbStore() : null));
  if (!own)
    return (
      <PageShell branding={null}>
        <section className="card">
          <Heading>{d.device.title}</Heading>
          <Notice tone="error">{window.isSecureContext === false ? d.device.insecure : d.device.unsupported}</Notice>
        </section>
      </PageShell>
    );
  return <Accounts store={own} api={api} />;
}

interface Result {
  id: string;
  text: string;
  tone: 'success' | 'warning';
}

function Accounts({ store, api }: { store: AccountStore; api: DeviceApi }) {
  const { d, setCustomerLanguage } = useI18n();
  const { state, retry, add, remove, markReset } = useAccounts(store, api);
  const accounts = state.status === 'ready' ? state.accounts : [];
  /** "Add an account" with the code to start from; null: the accounts. */
  const [adding, setAdding] = useState<string | null>(() => codeInFragment(window.location.hash));
  const [added, setAdded] = useState<string | null>(null);
  const [results, setResults] = useState<Result[]>([]);
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set());
  const { pending, offline } = useApprovals(accounts, api, markReset);

  // A link followed while the app is open (another QR code) opens "Add an account" with its code.
  useEffect(() => {
    const onHash = () => {
      const code = codeInFragment(window.location.hash);
      if (code) setAdding(code);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // One customer for every account (the usual case): the whole page in its colours and logo.
  const customers = new Set(accounts.map((a) => a.customer_id));
  const branding = useCustomerBranding(customers.size === 1 ? accounts[0].customer_id : null);
  useEffect(() => applyBranding(document.documentElement, branding?.colors), [branding]);
  const language = accounts[0]?.language ?? null;
  useEffect(() => setCustomerLanguage(language), [language, setCustomerLanguage]);

  const onAnswered = useCallback(
    (approval: DeviceApproval, outcome: Outcome) => {
      const text =
        outcome === 'gone'
          ? d.device.gone
          : fill(outcome === 'approved' ? d.device.approved : d.device.denied, { application: approval.application });
      setAnswered((ids) => new Set(ids).add(approval.id));
      setResults((shown) => [
        ...shown,
        { id: approval.id, text, tone: outcome === 'approved' ? 'success' : 'warning' },
      ]);
      setTimeout(() => setResults((shown) => shown.filter((r) => r.id !== approval.id)), RESULT_MS);
    },
    [d],
  );

  const startAdding = (code: string) => {
    setAdded(null);
    setAdding(code);
  };

  async function onAdded(account: DeviceAccount) {
    await add(account);
    clearFragment();
    setAdding(null);
    setAdded(account.username);
  }

  let content: ReactNode;
  if (adding !== null)
    content = (
      <AddAccount
        key={adding}
        api={api}
        initialCode={adding}
        onAdded={onAdded}
        onCancel={() => {
          clearFragment();
          setAdding(null);
        }}
      />
    );
  else if (state.status === 'loading') content = <Loading label={d.device.opening} />;
  else if (state.status === 'failed')
    content = <LoadFailed title={d.device.title} message={d.device.storeFailed} onRetry={retry} />;
  else
    content = (
      <>
        <Heading>{d.device.title}</Heading>
        {results.map((r) => (
          <Notice key={r.id} tone={r.tone}>
            {r.text}
          </Notice>
        ))}
        {pending
          .filter(({ approval }) => !answered.has(approval.id))
          .map(({ account, approval }) => (
            <ApprovalCard
              key={approval.id}
              api={api}
              account={account}
              approval={approval}
              onAnswered={onAnswered}
              onGone={markReset}
            />
          ))}
        {added && <Notice tone="success">{fill(d.device.added, { username: added })}</Notice>}
        {offline && <Notice tone="warning">{d.device.offline}</Notice>}
        {accounts.length === 0 ? (
          <section className="card empty">
            <p>
              <strong>{d.device.empty}</strong>
            </p>
            <p>{d.device.emptyHint}</p>
          </section>
        ) : (
          <ul className="accounts">
            {accounts.map((account) => (
              <AccountCard key={account.id} account={account} onRemove={remove} onEnrollAgain={() => startAdding('')} />
            ))}
          </ul>
        )}
        <div className="actions">
          <button type="button" className="btn btn-primary btn-wide" onClick={() => startAdding('')}>
            {d.device.add}
          </button>
        </div>
      </>
    );
  return <PageShell branding={branding}>{content}</PageShell>;
}
