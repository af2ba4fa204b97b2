import { useId, useState } from 'react';
import { copyText } from '../lib/copy';
import { fill } from '../lib/i18n/fill';
import { useI18n } from '../lib/i18n/I18nProvider';

/** A read-only value the member can select or copy with one button (keys, links, codes). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { d } = useI18n();
  const [message, setMessage] = useState('');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        <input id={id} className="mono" readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="btn btn-secondary"
          onClick={async () =>
            setMessage((await copyText(value)) ? fill(d.common.copied, { what: label }) : d.common.copyFailed)
          }
        >
          {fill(d.common.copy, { what: label })}
        </button>
      </div>
      <p className="field-hint" role="status">
        {message}
      </p>
    </div>
  );
}
