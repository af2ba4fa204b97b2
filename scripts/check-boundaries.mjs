// The console's import boundaries (design/ARCHITECTURE.md): a feature imports no other feature,
// components/ and lib/ import no feature (nor app/), lib/ imports no component; only app/
// composes features. Run by `npm test`'s lint step; `node scripts/check-boundaries.mjs [srcDir]`
// prints each crossing import and exits 1 when there is one.
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

/** Where a file sits: its top folder under src/ and, for features, the area. */
export function layerOf(srcDir, file) {
  const rel = path.relative(srcDir, file).split(path.sep);
  if (rel[0] === '..' || path.isAbsolute(rel[0] ?? '')) return { layer: 'outside' };
  if (rel.length === 1) return { layer: 'root' };
  if (rel[0] === 'features') return { layer: 'features', area: rel[1] };
  return { layer: rel[0] };
}

/** The rule an import from `from` to `to` breaks, or null. */
export function crossing(from, to) {
  if (from.layer === 'features' && to.layer === 'features' && from.area !== to.area) {
    return `a feature imports no other feature (features/${from.area} -> features/${to.area}); let app/ compose them`;
  }
  if (from.layer === 'features' && to.layer === 'app') return 'a feature imports nothing from app/';
  if ((from.layer === 'components' || from.layer === 'lib') && (to.layer === 'features' || to.layer === 'app')) {
    return `${from.layer}/ imports no feature and nothing from app/`;
  }
  if (from.layer === 'lib' && to.layer === 'components') return 'lib/ imports no component';
  return null;
}

export function importsOf(text) {
  const out = [];
  for (const re of SPECIFIERS) for (const m of text.matchAll(re)) out.push(m[1]);
  return out;
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* walk(p);
    } else if (SOURCE.test(entry.name)) yield p;
  }
}

/** Every crossing import under srcDir: { file, specifier, rule } (paths relative to srcDir). */
export function checkBoundaries(srcDir) {
  const violations = [];
  for (const file of walk(srcDir)) {
    const from = layerOf(srcDir, file);
    for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const to = layerOf(srcDir, path.resolve(path.dirname(file), specifier));
      const rule = crossing(from, to);
      if (rule) violations.push({ file: path.relative(srcDir, file), specifier, rule });
    }
  }
  return violations;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const srcDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/console/src'));
  const violations = checkBoundaries(srcDir);
  for (const v of violations) console.error(`${v.file}: import '${v.specifier}' crosses a boundary: ${v.rule}`);
  if (violations.length) {
    console.error(`${violations.length} import(s) cross the console's boundaries (see design/ARCHITECTURE.md).`);
    process.exit(1);
  }
  console.log('Console import boundaries: ok');
}
