import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../components/feedback/feedbackStore';
import { useSaveConfiguration } from '../features/configurations/api/configurationsApi';
import { useConfigurationOptions } from '../features/members/api/membersApi';
import { setTokens } from '../lib/auth/tokenStorage';
import { queryClient } from '../lib/queryClient';
import { customerToken, jsonResponse } from '../test/renderApp';
import { Providers } from './providers';

const configuration = (id: string, name: string) => ({
  id,
  name,
  description: '',
  app_credential_biometry: 'none',
  workstation_login_enabled: true,
  web_login_enabled: true,
  allowed: ['password'],
  allowed_credential_types: ['password'],
  issuable_credential_types: ['password'],
  reported_sign_in_at: null,
  scim: null,
  members_count: 0,
});

/**
 * The member form lists the configurations through the members area; a configuration written
 * from the configurations area must refresh that list (it stayed stale for a minute before).
 */
describe('a write refreshes the areas that show its data', () => {
  let stored = [configuration('g1', 'Office')];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://x').pathname.replace('/api/v1', '');
    if (path === '/groups/' && init?.method === 'POST') {
      const created = configuration('g2', JSON.parse(String(init.body)).name);
      stored = [...stored, created];
      return jsonResponse(201, created);
    }
    if (path === '/groups/') return jsonResponse(200, { count: stored.length, next_page: null, results: stored });
    return jsonResponse(404, { reason: 'Not found.', code: 'notFound' });
  });

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    stored = [configuration('g1', 'Office')];
    queryClient.clear();
    feedback.reset();
    setTokens({ accessToken: customerToken(), refreshToken: 'R1' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creating a configuration updates what the member form offers', async () => {
    const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;
    const { result } = renderHook(() => ({ options: useConfigurationOptions(), save: useSaveConfiguration() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.options.data?.results.map((c) => c.name)).toEqual(['Office']));

    await act(() =>
      result.current.save.run({
        input: {
          name: 'Contractors',
          description: '',
          app_credential_biometry: 'none',
          workstation_login_enabled: true,
          web_login_enabled: true,
          allowed: ['password'],
        },
      }),
    );
    await waitFor(() =>
      expect(result.current.options.data?.results.map((c) => c.name)).toEqual(['Office', 'Contractors']),
    );
  });
});
