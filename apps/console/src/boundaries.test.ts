import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries, importsOf } from '../../../scripts/check-boundaries.mjs';

const SRC = path.resolve(import.meta.dirname);

describe('console import boundaries', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  /** A throw-away source tree: path -> file text. */
  function tree(files: Record<string, string>): string {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }

  it('holds in the console today', () => {
    expect(checkBoundaries(SRC)).toEqual([]);
  });

  it('refuses a feature importing another feature, and shared code importing features or app/', () => {
    const src = tree({
      'features/roles/routes/RolesPage.tsx': [
        "import { membersKeys } from '../../members/api/membersApi';",
        "import { ListPage } from '../../../components/table/ListPage';",
        "import { rolesKeys } from '../api/rolesApi';",
        "const lazy = () => import('../../recovery/components/RecoveryPanel');",
      ].join('\n'),
      'features/auth/routes/LoginPage.tsx': "import { homeFor } from '../../../app/routes';",
      'components/members/MemberPicker.tsx': "export { x } from '../../features/members/api/membersApi';",
      'lib/api/client.ts': "import '../../components/feedback/feedbackStore';",
      'app/providers.tsx': "import { useMemberSearch } from '../features/members/api/membersApi';",
      'test/renderApp.tsx': "import { Providers } from '../app/providers';",
    });
    const found = checkBoundaries(src).map((v) => `${v.file} -> ${v.specifier}`);
    expect(found.sort()).toEqual(
      [
        'components/members/MemberPicker.tsx -> ../../features/members/api/membersApi',
        'features/auth/routes/LoginPage.tsx -> ../../../app/routes',
        'features/roles/routes/RolesPage.tsx -> ../../members/api/membersApi',
        'features/roles/routes/RolesPage.tsx -> ../../recovery/components/RecoveryPanel',
        'lib/api/client.ts -> ../../components/feedback/feedbackStore',
      ].sort(),
    );
  });

  it('reads static, re-exported, side-effect and dynamic imports', () => {
    const text = [
      "import a, { b } from './a';",
      "import type { C } from './c';",
      "export { d } from './d';",
      "import './e.css';",
      "const f = () => import('./f');",
      "import {\n  g,\n  h,\n} from './g';",
    ].join('\n');
    expect(importsOf(text).sort()).toEqual(['./a', './c', './d', './e.css', './f', './g']);
  });
});
