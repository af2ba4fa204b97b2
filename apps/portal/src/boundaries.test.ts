import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries } from '../../../scripts/check-boundaries.mjs';

const SRC = path.resolve(import.meta.dirname);

describe("the members' pages import boundaries", () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  function tree(files: Record<string, string>): string {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-boundaries-'));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }

  it('hold in the portal today', () => {
    expect(checkBoundaries(SRC, { app: 'portal' })).toEqual([]);
  });

  it('refuse console code, other packages, contract values, and one flow importing another', () => {
    const src = tree({
      'flows/signin/SignIn.tsx': [
        "import { Button } from '@mui/material';",
        "import { api } from '../../../../console/src/lib/api/client';",
        "import { enrollApi } from '../enroll/api';",
        "import { Heading } from '../../components/Heading';",
      ].join('\n'),
      'flows/enroll/api.ts': [
        "import type { EnrollmentSession } from '@portiere/contracts';",
        "import { ERRORS } from '@portiere/contracts';",
      ].join('\n'),
      'lib/types.ts': "import {\n  type Branding,\n} from '@portiere/contracts';",
      'components/Page.tsx':
        "import { EnrollFlow } from '../flows/enroll/EnrollFlow';\nimport { useState } from 'react';",
      'flows/enroll/api.test.ts': "import { ERRORS } from '@portiere/contracts';\nimport { it } from 'vitest';",
    });
    const found = checkBoundaries(src, { app: 'portal' }).map((v) => `${v.file} -> ${v.specifier}`);
    expect(found.sort()).toEqual(
      [
        'flows/signin/SignIn.tsx -> @mui/material',
        'flows/signin/SignIn.tsx -> ../../../../console/src/lib/api/client',
        'flows/signin/SignIn.tsx -> ../enroll/api',
        'flows/enroll/api.ts -> @portiere/contracts',
        'lib/types.ts -> @portiere/contracts',
        'components/Page.tsx -> ../flows/enroll/EnrollFlow',
      ].sort(),
    );
  });
});
