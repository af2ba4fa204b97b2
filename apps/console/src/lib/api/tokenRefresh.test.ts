import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeToken } from '../../test/fakeToken';
import { getTokens, setTokens } from '../auth/tokenStorage';
import { api } from './client';
import { needsRefresh, parseRefreshAnswer, setSessionEndedHandler } from './tokenRefresh';

const NOW = 1_700_000_000_000;
/** These tests are about tokens, not answers. */
const anything = { schema: z.unknown() };
const token = (expS: number) =>
  fakeToken({ user_type: 'CustomerUser', customer_id: 'c1', user_username: 'admin@acme.example', exp: expS });

describe('needsRefresh', () => {
  const nowS = NOW / 1000;
  it('refreshes when the access token is missing or unreadable', () => {
    expect(needsRefresh(null, NOW)).toBe(true);
    expect(needsRefresh('', NOW)).toBe(true);
    expect(needsRefresh('not.a.jwt', NOW)).toBe(true);
    expect(needsRefresh(fakeToken({ exp: nowS + 600 }), NOW)).toBe(true); // required claims missing
  });
  it('refreshes when the token expires within 10 s', () => {
    expect(needsRefresh(token(nowS + 5), NOW)).toBe(true);
    expect(needsRefresh(token(nowS + 10), NOW)).toBe(true);
    expect(needsRefresh(token(nowS - 1), NOW)).toBe(true);
  });
  it('keeps a token valid for longer than 10 s', () => {
    expect(needsRefresh(token(nowS + 11), NOW)).toBe(false);
    expect(needsRefresh(token(nowS + 900), NOW)).toBe(false);
  });
});

describe('parseRefreshAnswer', () => {
  it('accepts access as a string or as {accessToken}, keeping rotation', () => {
    expect(parseRefreshAnswer({ access: 'A', refresh: 'R2' }, 'R1')).toEqual({ accessToken: 'A', refreshToken: 'R2' });
    expect(parseRefreshAnswer({ access: { accessToken: 'A' } }, 'R1')).toEqual({
      accessToken: 'A',
      refreshToken: 'R1',
    });
    expect(parseRefreshAnswer({ nothing: true }, 'R1')).toBeNull();
  });
});

describe('authenticated requests', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const ended = vi.fn();
  const json = (status: number, body: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

  const authHeader = (call: number) => {
    const headers = new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
    return headers.get('Authorization') ?? undefined;
  };

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    ended.mockReset();
    setSessionEndedHandler(ended);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends requests unauthenticated without a refresh token', async () => {
    setTokens({ accessToken: null, refreshToken: null });
    fetchMock.mockResolvedValueOnce(json(200, { ok: 1 }));
    await api.get('/api/v1/me/', anything);
    expect(authHeader(0)).toBeUndefined();
  });

  it('uses a fresh access token as is', async () => {
    const access = token(Date.now() / 1000 + 600);
    setTokens({ accessToken: access, refreshToken: 'R1' });
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await api.get('/api/v1/me/', anything);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(authHeader(0)).toBe(`Bearer ${access}`);
  });

  it('refreshes once for concurrent requests and stores the rotated refresh token', async () => {
    const fresh = token(Date.now() / 1000 + 600);
    setTokens({ accessToken: token(Date.now() / 1000 + 3), refreshToken: 'R1' });
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('login/refresh/') ? json(200, { access: fresh, refresh: 'R2' }) : json(200, {}),
    );
    await Promise.all([
      api.get('/api/v1/me/', anything),
      api.get('/api/v1/dashboard/', anything),
      api.get('/api/v1/downloads/', anything),
    ]);
    const refreshCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('login/refresh/'));
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(String(refreshCalls[0]?.[1]?.body))).toEqual({ refresh: 'R1' });
    expect(refreshCalls[0]?.[1]?.method).toBe('POST');
    expect(new Headers(refreshCalls[0]?.[1]?.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(refreshCalls[0]?.[1]?.headers).has('Authorization')).toBe(false);
    expect(getTokens()).toEqual({ accessToken: fresh, refreshToken: 'R2' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('clears tokens and ends the session when the refresh is refused', async () => {
    for (const status of [401, 422]) {
      setTokens({ accessToken: null, refreshToken: 'R1' });
      fetchMock.mockResolvedValueOnce(json(status, { reason: 'no', code: 'sessionExpired' }));
      await expect(api.get('/api/v1/me/', anything)).rejects.toMatchObject({ status });
      expect(getTokens()).toBeNull();
    }
    expect(ended).toHaveBeenCalledTimes(2);
  });

  it('surfaces errors as ApiError with status and body', async () => {
    setTokens({ accessToken: null, refreshToken: null });
    fetchMock.mockResolvedValueOnce(json(400, { reason: 'Bad', code: 'validation', details: {} }));
    await expect(api.post('/api/v1/users/bulk/', { body: { action: 'block', ids: ['m1'] } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      body: { reason: 'Bad', code: 'validation' },
    });
  });
});
