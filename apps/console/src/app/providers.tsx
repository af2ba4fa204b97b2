import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n/i18n';
import { queryClient } from '../lib/queryClient';

/**
 * What every page needs, the sign-in page included: translations and the query client. MUI's
 * theme comes with the pages drawn with MUI (MuiLayout, DialogsHost), what only signed-in pages
 * use (date pickers, member panels) with their layout (SignedInProviders): the sign-in page
 * loads neither (issue 35).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
