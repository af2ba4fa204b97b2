import { configurationSchema, pagedListSchema } from '@portiere/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeAnswerMismatches } from '../../test/answerMismatches';
import { jsonResponse } from '../../test/renderApp';
import { setTokens } from '../auth/tokenStorage';
import { AnswerMismatchError, api, CHECK_ANSWERS, checkAnswer } from './client';

const office = {
  id: 'g1',
  name: 'Office',
  description: '',
  app_credential_biometry: 'none',
  workstation_login_enabled: true,
  web_login_enabled: true,
  allowed: ['password'],
  allowed_credential_types: ['password'],
  members_count: 3,
};

describe('answers checked against the contract', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    setTokens({ accessToken: null, refreshToken: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is on in tests and development builds', () => {
    expect(CHECK_ANSWERS).toBe(true);
  });

  it('answers data that matches its schema', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, office));
    await expect(
      api.get('/api/v1/groups/{id}/', { params: { path: { id: 'g1' } }, schema: configurationSchema }),
    ).resolves.toEqual(office);
  });

  it('fails a drifted answer, naming the call and the fields, and the test setup hears of it', async () => {
    // The server renamed a field: the console must not go on with undefined counts.
    const { members_count: _gone, ...drifted } = { ...office, users_count: 3 };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { count: 1, next_page: null, results: [drifted] }));
    const call = api.get('/api/v1/groups/', { schema: pagedListSchema(configurationSchema) });
    await expect(call).rejects.toBeInstanceOf(AnswerMismatchError);
    await expect(call).rejects.toThrow(/GET groups\/ .*results\.0\.members_count/);
    // The setup fails any test that saw a mismatch; this one provoked it on purpose.
    expect(takeAnswerMismatches()).toHaveLength(1);
  });

  it('trusts the server in production builds (no check), and answers nothing for writes without a schema', () => {
    expect(checkAnswer('GET', 'groups/g1/', configurationSchema, { id: 'g1' }, false)).toEqual({ id: 'g1' });
    expect(checkAnswer('DELETE', 'groups/g1/', undefined, null)).toBeUndefined();
  });
});
