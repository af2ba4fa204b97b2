import { SCRIPT_MAX_BYTES } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { checkScriptFile, kilobytes, scriptFileMessage, versionError } from './scriptFile';

describe('script file checks in the browser', () => {
  it('accept the listed extensions in any case, within the size limit', () => {
    for (const name of ['login.js', 'Setup.PS1', 'map.json', 'bundle.zip', 'notes.txt'])
      expect(checkScriptFile({ name, size: 10 })).toBeNull();
    expect(checkScriptFile({ name: 'edge.js', size: SCRIPT_MAX_BYTES })).toBeNull();
  });

  it('refuse other extensions, names without one and missing files', () => {
    expect(checkScriptFile({ name: 'tool.exe', size: 10 })?.code).toBe('scriptType');
    expect(checkScriptFile({ name: 'js', size: 10 })?.code).toBe('scriptType');
    expect(checkScriptFile({ name: 'login.js.exe', size: 10 })?.code).toBe('scriptType');
    expect(checkScriptFile(null)?.code).toBe('scriptMissing');
  });

  it('refuse a file over the limit, saying both sizes in KB as the server does', () => {
    const problem = checkScriptFile({ name: 'big.js', size: SCRIPT_MAX_BYTES + 1 });
    expect(problem).toEqual({ code: 'scriptTooLarge', params: { actual: 2049, max: 2048 } });
    if (!problem) throw new Error('expected a problem');
    expect(scriptFileMessage(i18n.getFixedT('en'), problem)).toBe(
      'The script is 2049 KB; at most 2048 KB is accepted.',
    );
    expect(scriptFileMessage(i18n.getFixedT('it'), problem)).toBe(
      'Lo script è di 2049 KB; sono accettati al massimo 2048 KB.',
    );
  });

  it('name the accepted types in the message', () => {
    const problem = checkScriptFile({ name: 'tool.exe', size: 1 });
    if (!problem) throw new Error('expected a problem');
    expect(scriptFileMessage(i18n.getFixedT('en'), problem)).toBe(
      'Scripts must be .js, .ps1, .vbs, .py, .json, .xml, .txt, .zip files, and text scripts plain UTF-8 text.',
    );
  });

  it('round sizes up to KB and ask for a version of at most 50 characters', () => {
    expect(kilobytes(1)).toBe(1);
    expect(kilobytes(2048)).toBe(2);
    expect(versionError(' ')?.key).toBe('required');
    expect(versionError('x'.repeat(51))?.key).toBe('maxLength');
    expect(versionError('1.0.0')).toBeNull();
  });
});
