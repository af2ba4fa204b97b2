import { useI18n } from '../lib/i18n/I18nProvider';

export function Loading({ label }: { label?: string }) {
  const { d } = useI18n();
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? d.common.loading}</span>
    </div>
  );
}
