import { ThemeProvider } from '@mui/material';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { routeObjects } from '../app/router';
import { SignedInProviders } from '../app/signedInProviders';
import { theme } from '../app/theme';
import { queryClient } from '../lib/queryClient';
import { fakeToken } from './fakeToken';

/** One component inside the app's providers (theme, query client, translations, member services). */
export function renderWithProviders(ui: ReactElement) {
  return render(
    <Providers>
      <ThemeProvider theme={theme}>
        <SignedInProviders>{ui}</SignedInProviders>
      </ThemeProvider>
    </Providers>,
  );
}

/** The real route table on an in-memory history. */
export function renderApp(path = '/') {
  queryClient.clear();
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

export const customerToken = () =>
  fakeToken({
    user_type: 'CustomerUser',
    customer_id: 'c1',
    user_username: 'admin@acme.example',
    exp: Math.floor(Date.now() / 1000) + 900,
  });

export const customerMe = {
  id: 'u1',
  username: 'admin@acme.example',
  email: 'admin@acme.example',
  user_type: 'CustomerUser',
  customer: { id: 'c1', name: 'Acme', la_enabled: true },
  reseller_id: null,
  customers: [],
};

export const resellerToken = () =>
  fakeToken({
    user_type: 'ResellerUser',
    reseller_id: 'r1',
    user_username: 'partner@northwind.example',
    exp: Math.floor(Date.now() / 1000) + 900,
  });

/** A reseller with two customers: Acme has the login assistant, Globex does not. */
export const resellerMe = {
  id: 'u9',
  username: 'partner@northwind.example',
  email: 'partner@northwind.example',
  user_type: 'ResellerUser',
  customer: null,
  reseller_id: 'r1',
  customers: [
    { id: 'c1', name: 'Acme', la_enabled: true },
    { id: 'c2', name: 'Globex', la_enabled: false },
  ],
};

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
