import { useState } from 'react';
import { Heading } from '../../components/Heading';
import { Notice } from '../../components/Notice';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { errorMessage } from '../../lib/messages';
import { requestNewLink } from './api';
import type { LinkProblem } from './linkState';

/** What an expired, spent or invalid link says; the first two offer to ask for a new one. */
export function LinkProblemPage({ problem, token }: { problem: LinkProblem; token: string }) {
  const { d } = useI18n();
  const [asked, setAsked] = useState<'no' | 'busy' | 'yes'>('no');
  const [failure, setFailure] = useState<string | null>(null);
  const text = {
    enrollmentLinkInvalid: [d.link.invalidTitle, d.link.invalidText],
    enrollmentLinkExpired: [d.link.expiredTitle, d.link.expiredText],
    enrollmentLinkUsed: [d.link.usedTitle, d.link.usedText],
  }[problem];
  const canAsk = problem !== 'enrollmentLinkInvalid';

  async function ask() {
    setAsked('busy');
    setFailure(null);
    try {
      await requestNewLink(token);
      setAsked('yes');
    } catch (err) {
      setFailure(errorMessage(d, err));
      setAsked('no');
    }
  }

  return (
    <section className="card" data-testid={`link-${problem}`}>
      <Heading>{text[0]}</Heading>
      <p>{text[1]}</p>
      {asked === 'yes' && <Notice tone="success">{d.link.asked}</Notice>}
      {failure && <Notice tone="error">{failure}</Notice>}
      {canAsk && asked !== 'yes' && (
        <div className="actions">
          <button type="button" className="btn btn-primary" disabled={asked === 'busy'} onClick={ask}>
            {d.link.ask}
          </button>
        </div>
      )}
    </section>
  );
}
