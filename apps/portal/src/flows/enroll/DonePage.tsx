import { Heading } from '../../components/Heading';
import { useI18n } from '../../lib/i18n/I18nProvider';

/** The end: thanks, or a word while the browser goes to the customer's page. */
export function DonePage({ redirecting }: { redirecting: boolean }) {
  const { d } = useI18n();
  return (
    <section className="card">
      <Heading>{d.done.title}</Heading>
      <p role="status">{redirecting ? d.done.redirecting : d.done.text}</p>
    </section>
  );
}
