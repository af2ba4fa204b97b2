import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LaUsersPanelContext } from '../components/loginAssistant/laUsersPanel';
import { MemberPanelsContext } from '../components/members/memberPanels';
import { MemberSearchContext } from '../components/members/memberSearch';
import { useMemberSearch } from '../features/members/api/membersApi';
import { i18n } from '../lib/i18n/i18n';
import { queryClient } from '../lib/queryClient';
import { DatePickersLocalization } from './DatePickersLocalization';
import { laUsersPanel, memberPanels } from './memberPanels';
import { theme } from './theme';

/** The app composes the features: it hands the shared components what the areas provide. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <DatePickersLocalization>
            <CssBaseline />
            <MemberPanelsContext.Provider value={memberPanels}>
              <MemberSearchContext.Provider value={useMemberSearch}>
                <LaUsersPanelContext.Provider value={laUsersPanel}>{children}</LaUsersPanelContext.Provider>
              </MemberSearchContext.Provider>
            </MemberPanelsContext.Provider>
          </DatePickersLocalization>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
