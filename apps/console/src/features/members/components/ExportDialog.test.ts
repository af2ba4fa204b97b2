import { describe, expect, it } from 'vitest';
import { englishMessage as message, resolveForm } from '../../../test/contractForm';
import { exportForm } from './ExportDialog';

describe('export dialog form', () => {
  it('requires a file name of letters, digits, spaces, dots, dashes or underscores, at most 100', async () => {
    const errorsOf = async (file_name: string) => (await resolveForm(exportForm, { file_name, format: 'csv' })).errors;
    expect(await errorsOf(' ')).toEqual({ file_name: message('required') });
    expect(await errorsOf('a'.repeat(101))).toEqual({ file_name: message('maxLength', { max: 100 }) });
    expect(await errorsOf('users/2030')).toEqual({ file_name: message('invalid') });
    expect((await resolveForm(exportForm, { file_name: ' users 2030-01.v2 ', format: 'xlsx' })).input).toEqual({
      file_name: 'users 2030-01.v2',
      format: 'xlsx',
    });
  });
});
