import { useEffect, useState } from 'react';
import { fill } from '../../lib/i18n/fill';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { type TotpKey, totpCode, totpStep } from './totp';
import { useNow } from './useNow';

/** 123456 → "123 456", 12345678 → "1234 5678": easier to read across to another screen. */
const grouped = (code: string) => {
  const half = Math.ceil(code.length / 2);
  return `${code.slice(0, half)} ${code.slice(half)}`;
};

/** The account's offline code, made again at each period, with the time it has left. */
export function TotpCode({ totp }: { totp: TotpKey }) {
  const { d } = useI18n();
  const now = useNow();
  const step = totpStep(totp.period, now);
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    totpCode(totp, step * totp.period * 1000).then(
      (c) => current && setCode(c),
      () => current && setCode(null),
    );
    return () => {
      current = false;
    };
  }, [totp, step]);
  const left = totp.period - (Math.floor(now / 1000) % totp.period);
  return (
    <div className="totp">
      <dl>
        <dt className="totp-label">{d.device.offlineCode}</dt>
        <dd className="totp-code" data-testid="totp-code">
          {code ? grouped(code) : '…'}
        </dd>
      </dl>
      <div className="totp-time">
        <span className="totp-bar" aria-hidden="true">
          <span style={{ width: `${(left / totp.period) * 100}%` }} />
        </span>
        <span>{fill(d.device.changesIn, { seconds: left })}</span>
      </div>
    </div>
  );
}
