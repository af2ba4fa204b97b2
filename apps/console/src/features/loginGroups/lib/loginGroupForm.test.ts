import { describe, expect, it } from 'vitest';
import { englishMessage as message, resolveForm } from '../../../test/contractForm';
import { emptyLoginGroupForm, loginGroupForm } from './loginGroupForm';

describe('login group form', () => {
  it('requires a name and bounds the texts with the contract, trimmed', async () => {
    expect((await resolveForm(loginGroupForm, emptyLoginGroupForm())).errors).toEqual({ name: message('required') });
    expect((await resolveForm(loginGroupForm, { name: 'n'.repeat(101), description: 'd'.repeat(501) })).errors).toEqual(
      {
        name: message('maxLength', { max: 100 }),
        description: message('maxLength', { max: 500 }),
      },
    );
    expect((await resolveForm(loginGroupForm, { name: ' Finance ', description: ' ' })).input).toEqual({
      name: 'Finance',
      description: '',
    });
  });
});
