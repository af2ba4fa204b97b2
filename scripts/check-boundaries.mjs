// Import boundaries (design/ARCHITECTURE.md).
// The console (apps/console/src): a feature imports no other feature, components/ and lib/
// import no feature (nor app/), lib/ imports no component; only app/ composes features.
// The members' pages (apps/portal/src): the same rules with flows/ for features/; besides, they
// import no code outside their src/ but React, openapi-fetch (their API client, typed by the
// contracts' generated endpoints) and the contracts, and the contracts only as types (a value
// import would put the contracts' schemas, and zod, in the members' bundle).
// Run by `npm test`'s lint step; `node scripts/check-boundaries.mjs` checks both and prints each
// crossing import, exiting 1 when there is one; `node scripts/check-boundaries.mjs <srcDir>`
// checks one source tree with the console's rules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
// import ... from '...', export ... from '...', import '...', import('...'), vi.mock('...')
const SPECIFIERS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bvi\.mock\s*\(\s*['"]([^'"]+)['"]/g,
];

/** Where a file sits: its top folder under src/ and, for the feature (or flow) folder, the area. */
export function layerOf(srcDir, file, areas = 'features') {
  const rel = path.relative(srcDir, file).split(path.sep);
  if (rel[0] === '..' || path.isAbsolute(rel[0] ?? '')) return { layer: 'outside' };
  if (rel.length === 1) return { layer: 'root' };
  if (rel[0] === areas) return { layer: 'features', area: rel[1] };
  return { layer: rel[0] };
}

/** The rule an import from `from` to `to` breaks, or null (`areas`: the console's features/, the portal's flows/). */
export function crossing(from, to, areas = 'features') {
  const kind = areas === 'flows' ? 'flow' : 'feature';
  if (from.layer === 'features' && to.layer === 'features' && from.area !== to.area) {
    return `a ${kind} imports no other ${kind} (${areas}/${from.area} -> ${areas}/${to.area}); let app/ compose them`;
  }
  if (from.layer === 'features' && to.layer === 'app') return `a ${kind} imports nothing from app/`;
  if ((from.layer === 'components' || from.layer === 'lib') && (to.layer === 'features' || to.layer === 'app')) {
    return `${from.layer}/ imports no ${kind} and nothing from app/`;
  }
  if (from.layer === 'lib' && to.layer === 'components') return 'lib/ imports no component';
  return null;
}

export function importsOf(text) {
  const out = [];
  for (const re of SPECIFIERS) for (const m of text.matchAll(re)) out.push(m[1]);
  return out;
}

/** Packages the members' pages may use (their tests, which do not ship, use what they need). */
const PORTAL_PACKAGES = /^(react|react-dom|openapi-fetch|@portiere\/contracts)(\/|$)/;
const isTestFile = (rel) => /\.test\.tsx?$/.test(rel) || rel.split(path.sep)[0] === 'test';
// import { x } from '@portiere/contracts' (not `import type`), export { x } from '@portiere/contracts'
const CONTRACT_VALUE_IMPORT =
  /\b(?:import\s+(?!type\b)|export\s+(?!type\b))[^'"`;]*?\bfrom\s*['"]@portiere\/contracts['"]/;

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* walk(p);
    } else if (SOURCE.test(entry.name)) yield p;
  }
}

/**
 * Every crossing import under srcDir: { file, specifier, rule } (paths relative to srcDir).
 * `app: 'portal'` adds the portal's rules and names its areas flows/.
 */
export function checkBoundaries(srcDir, { app = 'console' } = {}) {
  const areas = app === 'portal' ? 'flows' : 'features';
  const violations = [];
  for (const file of walk(srcDir)) {
    const rel = path.relative(srcDir, file);
    const from = layerOf(srcDir, file, areas);
    const text = fs.readFileSync(file, 'utf8');
    for (const specifier of importsOf(text)) {
      if (!specifier.startsWith('.')) {
        if (app === 'portal' && !isTestFile(rel) && !PORTAL_PACKAGES.test(specifier)) {
          violations.push({
            file: rel,
            specifier,
            rule: "the members' pages use no package but React, openapi-fetch and the contracts",
          });
        }
        continue;
      }
      const to = layerOf(srcDir, path.resolve(path.dirname(file), specifier), areas);
      const rule =
        app === 'portal' && to.layer === 'outside' && !isTestFile(rel)
          ? "the members' pages import nothing outside their src/ (the console's code stays out of their bundle)"
          : crossing(from, to, areas);
      if (rule) violations.push({ file: rel, specifier, rule });
    }
    if (app === 'portal' && !isTestFile(rel) && CONTRACT_VALUE_IMPORT.test(text)) {
      violations.push({
        file: rel,
        specifier: '@portiere/contracts',
        rule: "the members' pages import the contracts as types only (`import type`): values bring zod into the bundle",
      });
    }
  }
  return violations;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const trees = process.argv[2]
    ? [{ srcDir: path.resolve(process.argv[2]), app: 'console', name: process.argv[2] }]
    : [
        { srcDir: path.join(root, 'apps/console/src'), app: 'console', name: 'Console' },
        { srcDir: path.join(root, 'apps/portal/src'), app: 'portal', name: "Members' pages (portal)" },
      ];
  let failed = 0;
  for (const { srcDir, app, name } of trees) {
    const violations = checkBoundaries(srcDir, { app });
    for (const v of violations) console.error(`${v.file}: import '${v.specifier}' crosses a boundary: ${v.rule}`);
    if (violations.length) {
      console.error(`${name}: ${violations.length} import(s) cross the boundaries (see design/ARCHITECTURE.md).`);
      failed += violations.length;
    } else console.log(`${name} import boundaries: ok`);
  }
  if (failed) process.exit(1);
}
