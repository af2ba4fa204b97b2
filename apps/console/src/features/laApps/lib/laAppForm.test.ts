import { describe, expect, it } from 'vitest';
import { englishMessage as message, resolveForm } from '../../../test/contractForm';
import { laApp } from '../../../test/laFixtures';
import {
  emptyLaAppForm,
  type LaAppFormValues,
  laAppForm,
  laAppFormOf,
  laAppInputOf,
  laAppPatchOf,
  laAppQueryOf,
} from './laAppForm';

const errorsOf = async (v: LaAppFormValues) => (await resolveForm(laAppForm, v)).errors;

describe('la app form', () => {
  it('checks the target against the kind', async () => {
    const v = { ...emptyLaAppForm(), name: 'Ledger', target: 'ledger.exe' };
    expect(await errorsOf(v)).toEqual({});
    expect((await errorsOf({ ...v, target: 'C:\\ledger.exe' })).target).toBe(message('executableName'));
    expect((await errorsOf({ ...v, kind: 'web' })).target).toBe(message('httpUrl'));
    expect(await errorsOf({ ...v, kind: 'web', target: 'https://*.example.com/login' })).toEqual({});
    expect(await errorsOf(emptyLaAppForm())).toEqual({ name: message('required'), target: message('required') });
    expect(await errorsOf({ ...v, name: 'n'.repeat(101), target: `${'t'.repeat(497)}.exe` })).toEqual({
      name: message('maxLength', { max: 100 }),
      target: message('maxLength', { max: 500 }),
    });
  });

  it('patches only what changed, none as null', () => {
    const app = { ...laApp, kind: 'desktop' as const };
    const v = laAppFormOf(app);
    expect(laAppPatchOf(app, laAppInputOf(v))).toEqual({});
    expect(laAppPatchOf(app, laAppInputOf({ ...v, profileId: '' }))).toEqual({ profileId: null });
    expect(laAppPatchOf(app, laAppInputOf({ ...v, name: ' Books ' }))).toEqual({ name: 'Books' });
  });

  it('queries a known kind only', () => {
    expect(laAppQueryOf({ kind: 'web' }, '')).toEqual({ kind: 'web' });
    expect(laAppQueryOf({ kind: 'other' }, ' x ')).toEqual({ search: 'x' });
  });
});
