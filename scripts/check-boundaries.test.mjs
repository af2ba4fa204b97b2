// The import checker itself, on throw-away source trees (the apps' own trees are checked by
// `node scripts/check-boundaries.mjs` in npm test, and by each app's boundaries.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCycles, checkServerModules, valueImportsOf } from './check-boundaries.mjs';

let dir = null;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** A throw-away source tree: path -> file text. */
function tree(files) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('folder cycles', () => {
  it('finds a cycle between two folders and names it, with one import per step', () => {
    const src = tree({
      'modules/members/service.ts': "import { issueLink } from '../enrollment/link.ts';",
      'modules/enrollment/kinds.ts': "import { allowedKinds } from '../members/allowed-kinds.ts';",
      'modules/members/allowed-kinds.ts': 'export const allowedKinds = 1;',
      'modules/enrollment/link.ts': 'export const issueLink = 1;',
    });
    expect(checkCycles(src)).toEqual([
      {
        cycle: 'modules/enrollment -> modules/members -> modules/enrollment',
        imports: [
          "modules/enrollment/kinds.ts imports '../members/allowed-kinds.ts'",
          "modules/members/service.ts imports '../enrollment/link.ts'",
        ],
      },
    ]);
  });

  it('finds a longer cycle through nested folders, lifted to the folders under their common one', () => {
    const src = tree({
      'a/deep/x.ts': "import { y } from '../../b/y.ts';",
      'b/y.ts': "import { z } from '../c/z.ts';",
      'c/inner/z.ts': "import { x } from '../../a/deep/x.ts';",
      'c/z.ts': "export * from './inner/z.ts';",
    });
    expect(checkCycles(src).map((c) => c.cycle)).toEqual(['a -> b -> c -> a']);
  });

  it('passes a clean tree: one-way imports, a folder and its subfolders, type-only imports, tests', () => {
    const src = tree({
      'services.ts': "import { MembersService } from './modules/members/service.ts';",
      'modules/members/service.ts': [
        "import type { Services } from '../../services.ts';",
        "import { type Db } from '../../db/client.ts';",
        "import { toRow } from './mapper/row.ts';",
      ].join('\n'),
      'modules/members/mapper/row.ts': "import { x } from '../service.ts';",
      'modules/enrollment/service.ts': "import type { MembersService } from '../members/service.ts';",
      'modules/members/members.test.ts': "import { EnrollmentService } from '../enrollment/service.ts';",
      'db/client.ts': 'export type Db = object;',
    });
    expect(checkCycles(src)).toEqual([]);
  });
});

describe("the server's module rule", () => {
  it("refuses a value import of another module's service.ts or routes.ts, not its types nor its helpers", () => {
    const src = tree({
      'modules/credentials/service.ts': [
        "import { allowedKinds, type MembersService } from '../members/service.ts';",
        "import type { SettingsService } from '../settings/service.ts';",
        "import { aroundTallies } from '../members/tallies.ts';",
        "import { otp } from './otp.ts';",
      ].join('\n'),
      'modules/roles/routes.ts': "export { membersRoutes } from '../members/routes.ts';",
      'modules/roles/roles.test.ts': "import { MembersService } from '../members/service.ts';",
      'services.ts': "import { MembersService } from './modules/members/service.ts';",
      'oidc/provider.ts': "import { SettingsService } from '../modules/settings/service.ts';",
    });
    expect(checkServerModules(src).map((v) => `${v.file} -> ${v.specifier}`)).toEqual([
      'modules/credentials/service.ts -> ../members/service.ts',
      'modules/roles/routes.ts -> ../members/routes.ts',
    ]);
  });
});

describe('valueImportsOf', () => {
  it('leaves out imports that erase at build time', () => {
    const text = [
      "import a, { b } from './a';",
      "import type { C } from './c';",
      "import { type D, type E } from './d';",
      "import { type F, g } from './f';",
      "export type { H } from './h';",
      "export { i } from './i';",
      "import './j.css';",
      "const k = () => import('./k');",
    ].join('\n');
    expect(valueImportsOf(text).sort()).toEqual(['./a', './f', './i', './j.css', './k']);
  });
});

describe('the repository today', () => {
  const root = path.resolve(import.meta.dirname, '..');
  it('has no folder cycle in the server, console, portal or contracts, and the server keeps its module rule', () => {
    for (const src of ['apps/server/src', 'apps/console/src', 'apps/portal/src', 'packages/contracts/src']) {
      expect(checkCycles(path.join(root, src)), src).toEqual([]);
    }
    expect(checkServerModules(path.join(root, 'apps/server/src'))).toEqual([]);
  });
});
