import { useEffect, useId, useRef, useState } from 'react';
import { Notice } from '../../components/Notice';
import { applyBranding, logoOf } from '../../lib/branding';
import { fill } from '../../lib/i18n/fill';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { DeviceAccount } from './accountStore';
import { useCustomerBranding } from './branding';
import { Confirm } from './Confirm';
import { TotpCode } from './TotpCode';

interface Props {
  account: DeviceAccount;
  onRemove: (id: string) => Promise<void>;
  onEnrollAgain: () => void;
}

/**
 * One account on this phone, in its customer's colours and logo: who, for whom, the offline code;
 * or, once an administrator reset it, that it was reset, with Enrol again and Remove.
 */
export function AccountCard({ account, onRemove, onEnrollAgain }: Props) {
  const { d } = useI18n();
  const branding = useCustomerBranding(account.customer_id);
  const ref = useRef<HTMLLIElement>(null);
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeFailed, setRemoveFailed] = useState(false);
  useEffect(() => {
    if (branding && ref.current) applyBranding(ref.current, branding.colors);
  }, [branding]);
  const logo = logoOf(branding);

  async function remove() {
    setRemoving(true);
    setRemoveFailed(false);
    try {
      await onRemove(account.id);
    } catch {
      setRemoveFailed(true);
      setRemoving(false);
    }
  }

  return (
    <li ref={ref} className="card account" aria-labelledby={headingId} data-testid={`account-${account.id}`}>
      <div className="account-head">
        {logo && <img className="account-logo" src={logo} alt="" referrerPolicy="no-referrer" />}
        <div className="account-who">
          <h2 id={headingId}>{account.username}</h2>
          <p className="account-customer">{account.customer_name}</p>
        </div>
      </div>
      {account.reset_at ? (
        <Notice tone="warning">
          <strong>{d.device.reset}.</strong> {d.device.resetHint}
        </Notice>
      ) : (
        <TotpCode totp={account.totp} />
      )}
      {removeFailed && <Notice tone="error">{d.device.removeFailed}</Notice>}
      {confirming ? (
        <Confirm
          question={fill(d.device.removeConfirm, { username: account.username, customer: account.customer_name })}
          yes={d.device.removeYes}
          busy={removing}
          onYes={remove}
          onNo={() => setConfirming(false)}
        />
      ) : (
        <div className="actions">
          {account.reset_at && (
            <button type="button" className="btn btn-primary" onClick={onEnrollAgain}>
              {d.device.enrollAgain}
            </button>
          )}
          <button
            type="button"
            className={account.reset_at ? 'btn btn-secondary' : 'btn btn-link'}
            onClick={() => setConfirming(true)}
          >
            {d.device.remove}
          </button>
        </div>
      )}
    </li>
  );
}
