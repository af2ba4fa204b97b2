import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './issueFieldError.ts';
import { chosenScriptFileError, SCRIPT_MAX_BYTES, scriptUploadFieldsSchema } from './laScripts.ts';

describe('script upload checks', () => {
  it('accept the listed extensions in any case, within the size limit', () => {
    for (const name of ['login.js', 'Setup.PS1', 'map.json', 'bundle.zip', 'notes.txt'])
      expect(chosenScriptFileError({ name, size: 10 })).toBeNull();
    expect(chosenScriptFileError({ name: 'edge.js', size: SCRIPT_MAX_BYTES })).toBeNull();
  });

  it('refuse other extensions, names without one and missing files', () => {
    expect(chosenScriptFileError({ name: 'tool.exe', size: 10 })?.code).toBe('scriptType');
    expect(chosenScriptFileError({ name: 'js', size: 10 })?.code).toBe('scriptType');
    expect(chosenScriptFileError({ name: 'login.js.exe', size: 10 })?.code).toBe('scriptType');
    expect(chosenScriptFileError(null)?.code).toBe('scriptMissing');
  });

  it('refuse a file over the limit, saying both sizes in KB', () => {
    expect(chosenScriptFileError({ name: 'big.js', size: SCRIPT_MAX_BYTES + 1 })).toEqual({
      code: 'scriptTooLarge',
      params: { actual: 2049, max: 2048 },
    });
    expect(chosenScriptFileError({ name: 'tool.exe', size: 1 })).toEqual({
      code: 'scriptType',
      params: { extensions: '.js, .ps1, .vbs, .py, .json, .xml, .txt, .zip' },
    });
  });

  it('ask for a version of at most 50 characters and a file name of at most 200, without control characters', () => {
    const errors = (file: string, version: string) => fieldErrorsOf(scriptUploadFieldsSchema, { file, version });
    expect(errors('a.js', ' ').version?.key).toBe('required');
    expect(errors('a.js', 'x'.repeat(51)).version).toMatchObject({ key: 'maxLength', params: { max: 50 } });
    expect(errors('a.js', '1.0\t')).toEqual({});
    expect(errors('a.js', '1.\u00070').version?.key).toBe('invalidText');
    expect(errors('', '1').file?.key).toBe('required');
    expect(errors(`${'n'.repeat(198)}.js`, '1').file).toMatchObject({ key: 'maxLength', params: { max: 200 } });
    expect(errors('a\nb.js', '1').file?.key).toBe('invalidText');
    expect(errors('a.js', '1.\uD800').version?.key).toBe('invalidText');
    expect(scriptUploadFieldsSchema.parse({ file: 'a.js', version: ' 1.0.0 ' })).toEqual({
      file: 'a.js',
      version: '1.0.0',
    });
  });
});
