import { Heading } from '../components/Heading';
import { PageShell } from '../components/PageShell';
import { useI18n } from '../lib/i18n/I18nProvider';

export function NotFoundPage() {
  const { d } = useI18n();
  return (
    <PageShell branding={null}>
      <section className="card">
        <Heading>{d.notFound.title}</Heading>
        <p>{d.notFound.text}</p>
      </section>
    </PageShell>
  );
}
