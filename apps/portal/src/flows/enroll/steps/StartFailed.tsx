import { Notice } from '../../../components/Notice';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { errorMessage } from '../../../lib/messages';

/** The credential could not be started: why, and a way to try again. */
export function StartFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { d } = useI18n();
  return (
    <>
      <Notice tone="error">{errorMessage(d, error)}</Notice>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {d.common.retry}
        </button>
      </div>
    </>
  );
}
