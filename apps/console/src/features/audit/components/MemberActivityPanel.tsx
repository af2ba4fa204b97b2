import { useTranslation } from 'react-i18next';
import { AuditEventsGrid } from './AuditEventsGrid';

/** A member's Activity tab: the events whose target is this member, newest first. */
export function MemberActivityPanel({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  return (
    <AuditEventsGrid query={{ target_type: 'member', target_id: memberId }} noRowsLabel={t('audit.activity.noRows')} />
  );
}
