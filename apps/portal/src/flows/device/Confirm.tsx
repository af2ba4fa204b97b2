import { useI18n } from '../../lib/i18n/I18nProvider';
import { useFocusOnMount } from '../../lib/useFocusOnMount';

/** A question asked in place before an action that cannot be undone; the question takes the focus so it is read out. */
export function Confirm({
  question,
  yes,
  onYes,
  onNo,
  busy = false,
}: {
  question: string;
  yes: string;
  onYes: () => void;
  onNo: () => void;
  busy?: boolean;
}) {
  const { d } = useI18n();
  const ref = useFocusOnMount<HTMLParagraphElement>();
  return (
    <div className="confirm">
      <p ref={ref} tabIndex={-1}>
        {question}
      </p>
      <div className="actions">
        <button type="button" className="btn btn-danger" disabled={busy} onClick={onYes}>
          {yes}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onNo}>
          {d.device.cancel}
        </button>
      </div>
    </div>
  );
}
