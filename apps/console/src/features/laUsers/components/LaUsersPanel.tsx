import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LaUsersPanelProps } from '../../../components/loginAssistant/laUsersPanel';
import { LaUsersList } from './LaUsersList';

/** One member's or one login group's credentials: the member tab and the login group's Credentials tab. */
export function LaUsersPanel({ member, loginGroupId }: LaUsersPanelProps) {
  const memberId = member?.id;
  const { t } = useTranslation();
  const query = useMemo(
    () => (memberId ? { member_id: memberId } : { login_group_id: loginGroupId }),
    [memberId, loginGroupId],
  );
  const hide = useMemo(() => [memberId ? ('member' as const) : ('loginGroup' as const)], [memberId]);
  return (
    <LaUsersList
      query={query}
      hide={hide}
      preset={member ? { member } : { loginGroupId }}
      addLabel={t('loginGroups.detail.credentials.add')}
      noRowsLabel={t(memberId ? 'laUsers.noRows' : 'loginGroups.detail.credentials.noRows')}
    />
  );
}
