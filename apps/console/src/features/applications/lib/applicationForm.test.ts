import type { Application } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import {
  applicationFormOf,
  applicationInputOf,
  emptyApplicationForm,
  isConfidential,
  validateApplicationForm,
} from './applicationForm';
import { applicationQueryOf } from './applicationQuery';

const app: Application = {
  id: 'a1',
  name: 'Portal',
  type: 'web',
  baseApplicationId: 'a0',
  baseApplication: { id: 'a0', name: 'Base' },
  clientId: 'cid',
  hasClientSecret: true,
  redirectUri: 'https://portal.example/cb',
  callbackUrlSuccessfulLoginFlow: '',
  redirectUriSuccessLoginFlow: 'https://portal.example/ok',
  redirectUriAbortLoginFlow: '',
  defaultFlowId: null,
  defaultFlow: null,
  app_roles_count: 0,
  created_at: '2030-01-01T00:00:00.000Z',
  issuer: 'https://portiere.example/oidc',
  discoveryUrl: 'https://portiere.example/oidc/.well-known/openid-configuration',
};

describe('application form', () => {
  it('turns an application into form values and back into the same body', () => {
    const values = applicationFormOf(app);
    expect(values.defaultFlowId).toBe('');
    expect(applicationInputOf(values)).toEqual({
      name: 'Portal',
      type: 'web',
      baseApplicationId: 'a0',
      redirectUri: 'https://portal.example/cb',
      callbackUrlSuccessfulLoginFlow: '',
      redirectUriSuccessLoginFlow: 'https://portal.example/ok',
      redirectUriAbortLoginFlow: '',
      defaultFlowId: null,
    });
  });

  it('trims, sends "none" as null and drops the redirect URI of a machine client', () => {
    const input = applicationInputOf({
      ...emptyApplicationForm(),
      name: '  Batch_1 ',
      type: 'machine',
      redirectUri: 'https://left.over',
    });
    expect(input).toMatchObject({ name: 'Batch_1', redirectUri: '', baseApplicationId: null, defaultFlowId: null });
    expect(validateApplicationForm({ ...emptyApplicationForm(), name: 'Batch_1', type: 'machine' })).toEqual({});
  });

  it('applies the spec 5 name rule and the redirect rules of the type', () => {
    const errors = validateApplicationForm({ ...emptyApplicationForm(), name: '1app', redirectUri: '' });
    expect(errors.name?.key).toBe('applicationName');
    expect(errors.redirectUri?.key).toBe('required');
    expect(validateApplicationForm({ ...emptyApplicationForm(), name: 'a' }).name?.key).toBe('applicationName');
    expect(validateApplicationForm({ ...emptyApplicationForm(), name: ' ' }).name?.key).toBe('required');
    const web = { ...emptyApplicationForm(), name: 'Shop', redirectUri: 'com.shop.app:/cb' };
    expect(validateApplicationForm(web).redirectUri?.key).toBe('httpUrl');
    expect(validateApplicationForm({ ...web, type: 'native' }).redirectUri).toBeUndefined();
    expect(
      validateApplicationForm({
        ...web,
        redirectUri: 'https://shop.example/cb',
        redirectUriAbortLoginFlow: 'ftp://x.example',
      }).redirectUriAbortLoginFlow?.key,
    ).toBe('httpUrl');
  });

  it('knows which types keep a secret', () => {
    expect(['web', 'spa', 'native', 'machine'].map((t) => isConfidential(t as Application['type']))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});

describe('application list query', () => {
  it('sends the picked types in catalogue order, ignoring unknown codes, and the trimmed search', () => {
    expect(applicationQueryOf({ type: ['machine', 'web', 'bogus'] }, ' por ')).toEqual({
      type: ['web', 'machine'],
      search: 'por',
    });
    expect(applicationQueryOf({ type: null }, '')).toEqual({});
  });
});
