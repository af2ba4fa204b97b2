import { useI18n } from '../lib/i18n/I18nProvider';
import { Heading } from './Heading';
import { Notice } from './Notice';

/** A page that could not load (network, server): says so and offers Retry. */
export function LoadFailed({ title, message, onRetry }: { title?: string; message?: string; onRetry: () => void }) {
  const { d } = useI18n();
  return (
    <section className="card">
      <Heading>{title ?? d.enroll.title}</Heading>
      <Notice tone="error">{message ?? d.common.loadFailed}</Notice>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {d.common.retry}
        </button>
      </div>
    </section>
  );
}
