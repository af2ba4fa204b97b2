import { SCRIPT_MAX_BYTES } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { resolveForm } from '../../../test/contractForm';
import { kilobytes } from './scriptFile';
import { uploadForm } from './uploadForm';

/** A File of this name and size, without allocating it. */
const fileOf = (name: string, size: number) => {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('the upload form, checked by the contract in the browser', () => {
  it('takes a listed type within the size limit, and the version trimmed', async () => {
    const file = fileOf('Setup.PS1', SCRIPT_MAX_BYTES);
    expect((await resolveForm(uploadForm, { file, version: ' 1.0.0 ' })).input).toEqual({ file, version: '1.0.0' });
  });

  it('says a missing file, another type and a file over the limit in the catalogue’s words, in both languages', async () => {
    expect((await resolveForm(uploadForm, { file: null, version: '1' })).errors).toEqual({
      file: 'Choose a script file to upload.',
    });
    expect((await resolveForm(uploadForm, { file: fileOf('tool.exe', 1), version: '1' })).errors).toEqual({
      file: 'Scripts must be .js, .ps1, .vbs, .py, .json, .xml, .txt, .zip files, and text scripts plain UTF-8 text.',
    });
    const big = { file: fileOf('big.js', SCRIPT_MAX_BYTES + 1), version: '1' };
    expect((await resolveForm(uploadForm, big, 'en')).errors).toEqual({
      file: 'The script is 2049 KB; at most 2048 KB is accepted.',
    });
    expect((await resolveForm(uploadForm, big, 'it')).errors).toEqual({
      file: 'Lo script è di 2049 KB; sono accettati al massimo 2048 KB.',
    });
  });

  it('says a file name over 200 characters and a version missing or over 50 characters as field errors', async () => {
    const long = fileOf(`${'n'.repeat(198)}.js`, 1);
    expect((await resolveForm(uploadForm, { file: long, version: ' ' })).errors).toEqual({
      file: 'Must be at most 200 characters.',
      version: 'This field is required.',
    });
    expect((await resolveForm(uploadForm, { file: fileOf('a.js', 1), version: 'x'.repeat(51) })).errors).toEqual({
      version: 'Must be at most 50 characters.',
    });
  });

  it('rounds sizes up to KB', () => {
    expect(kilobytes(1)).toBe(1);
    expect(kilobytes(2048)).toBe(2);
  });
});
