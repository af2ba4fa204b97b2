import { describe, expect, it } from 'vitest';
import { englishMessage as message, resolveForm } from '../../../test/contractForm';
import { roleForm, roleFormOf } from './roleForm';

describe('role group form', () => {
  it('requires a name and bounds the texts with the contract, trimmed', async () => {
    expect((await resolveForm(roleForm, roleFormOf(null))).errors).toEqual({ name: message('required') });
    expect((await resolveForm(roleForm, { name: 'n'.repeat(101), description: 'd'.repeat(501) })).errors).toEqual({
      name: message('maxLength', { max: 100 }),
      description: message('maxLength', { max: 500 }),
    });
    expect((await resolveForm(roleForm, { name: ' Admins ', description: ' x ' })).input).toEqual({
      name: 'Admins',
      description: 'x',
    });
  });
});
