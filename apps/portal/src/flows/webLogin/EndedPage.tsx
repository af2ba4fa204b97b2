import { Heading } from '../../components/Heading';
import { Notice } from '../../components/Notice';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { EndCode } from './outcome';

/** The sign-in cannot go on: why, in the member's language, and no form. */
export function EndedPage({ code }: { code: EndCode }) {
  const { d } = useI18n();
  const over = code === 'signInExpired' || code === 'signInTooManyFailures';
  return (
    <section className="card" data-testid={`ended-${code}`}>
      <Heading>{over ? d.signin.expiredTitle : d.signin.endedTitle}</Heading>
      <Notice tone={over ? 'warning' : 'error'}>{d.errors[code]}</Notice>
    </section>
  );
}
