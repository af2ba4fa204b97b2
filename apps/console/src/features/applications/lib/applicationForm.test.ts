import type { Application } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { englishMessage as message, resolveForm } from '../../../test/contractForm';
import {
  type ApplicationFormValues,
  applicationForm,
  applicationFormOf,
  applicationInputOf,
  emptyApplicationForm,
  isConfidential,
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
  saml: null,
  samlIdentityProvider: null,
};

const errorsOf = async (v: ApplicationFormValues) => (await resolveForm(applicationForm, v)).errors;

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

  it('trims, sends "none" as null and drops the redirect URI of a machine client', async () => {
    const input = applicationInputOf({
      ...emptyApplicationForm(),
      name: '  Batch_1 ',
      type: 'machine',
      redirectUri: 'https://left.over',
    });
    expect(input).toMatchObject({ name: 'Batch_1', redirectUri: '', baseApplicationId: null, defaultFlowId: null });
    expect(await errorsOf({ ...emptyApplicationForm(), name: 'Batch_1', type: 'machine' })).toEqual({});
  });

  it('applies the spec 5 name rule and the redirect rules of the type', async () => {
    const errors = await errorsOf({ ...emptyApplicationForm(), name: '1app', redirectUri: '' });
    expect(errors.name).toBe(message('applicationName'));
    expect(errors.redirectUri).toBe(message('required'));
    expect((await errorsOf({ ...emptyApplicationForm(), name: 'a' })).name).toBe(message('applicationName'));
    expect((await errorsOf({ ...emptyApplicationForm(), name: ' ' })).name).toBe(message('required'));
    const web = { ...emptyApplicationForm(), name: 'Shop', redirectUri: 'com.shop.app:/cb' };
    expect((await errorsOf(web)).redirectUri).toBe(message('httpUrl'));
    expect((await errorsOf({ ...web, type: 'native' })).redirectUri).toBeUndefined();
    expect(
      (
        await errorsOf({
          ...web,
          redirectUri: 'https://shop.example/cb',
          redirectUriAbortLoginFlow: 'ftp://x.example',
        })
      ).redirectUriAbortLoginFlow,
    ).toBe(message('httpUrl'));
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
