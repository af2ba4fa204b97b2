import { describe, expect, it } from 'vitest';
import { laApp } from '../../../test/laFixtures';
import { emptyLaAppForm, laAppFormOf, laAppPatchOf, laAppQueryOf, validateLaAppForm } from './laAppForm';

describe('la app form', () => {
  it('checks the target against the kind', () => {
    const v = { ...emptyLaAppForm(), name: 'Ledger', target: 'ledger.exe' };
    expect(validateLaAppForm(v)).toEqual({});
    expect(validateLaAppForm({ ...v, target: 'C:\\ledger.exe' }).target?.key).toBe('executableName');
    expect(validateLaAppForm({ ...v, kind: 'web' }).target?.key).toBe('httpUrl');
    expect(validateLaAppForm({ ...v, kind: 'web', target: 'https://*.example.com/login' })).toEqual({});
    expect(validateLaAppForm(emptyLaAppForm())).toEqual({
      name: expect.objectContaining({ key: 'required' }),
      target: expect.objectContaining({ key: 'required' }),
    });
  });

  it('patches only what changed, none as null', () => {
    const app = { ...laApp, kind: 'desktop' as const };
    const v = laAppFormOf(app);
    expect(laAppPatchOf(app, v)).toEqual({});
    expect(laAppPatchOf(app, { ...v, profileId: '' })).toEqual({ profileId: null });
    expect(laAppPatchOf(app, { ...v, name: ' Books ' })).toEqual({ name: 'Books' });
  });

  it('queries a known kind only', () => {
    expect(laAppQueryOf({ kind: 'web' }, '')).toEqual({ kind: 'web' });
    expect(laAppQueryOf({ kind: 'other' }, ' x ')).toEqual({ search: 'x' });
  });
});
