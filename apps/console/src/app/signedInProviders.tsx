import type { ReactNode } from 'react';
import { LaUsersPanelContext } from '../components/loginAssistant/laUsersPanel';
import { MemberPanelsContext } from '../components/members/memberPanels';
import { MemberSearchContext } from '../components/members/memberSearch';
import { useMemberSearch } from '../features/members/api/membersApi';
import { DatePickersLocalization } from './DatePickersLocalization';
import { laUsersPanel, memberPanels } from './memberPanels';

/**
 * The app composes the features: it hands the shared components what the areas provide. Only
 * the signed-in layout (AppLayout, its own chunk) mounts these.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <DatePickersLocalization>
      <MemberPanelsContext.Provider value={memberPanels}>
        <MemberSearchContext.Provider value={useMemberSearch}>
          <LaUsersPanelContext.Provider value={laUsersPanel}>{children}</LaUsersPanelContext.Provider>
        </MemberSearchContext.Provider>
      </MemberPanelsContext.Provider>
    </DatePickersLocalization>
  );
}
