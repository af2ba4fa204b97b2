// Import boundaries (design/ARCHITECTURE.md).
// The console (apps/console/src): a feature imports no other feature, components/ and lib/
// import no feature (nor app/), lib/ imports no component; only app/ composes features.
// The members' pages (apps/portal/src): the same rules with flows/ for features/; besides, they
// import no code outside their src/ but React, openapi-fetch (their API client, typed by the
// contracts' generated endpoints), @simplewebauthn/browser (security keys) and the contracts, and the contracts only as types (a value
// import would put the contracts' schemas, and zod, in the members' bundle).
// The server (apps/server/src): a module (modules/<name>/) gets another module's service only
// from services.ts, as a constructor argument: it imports another module's service.ts and
// routes.ts as types only. Its other files (queries, pure helpers) it may import.
// Everywhere (server, console, portal, contracts, the workstation client): no folder cycle. Each value import from a
// file in folder F to one in folder T, outside tests, is an edge between the two folders just
// under their closest common folder (modules/members/x.ts -> modules/enrollment/y.ts: members ->
// enrollment; a folder and its own subfolders are one piece of code). A cycle of such edges fails,
// named folder by folder. Type-only imports erase at build time and make no edge (routes name
// the Services type that services.ts, which builds them, exports).
// Run by `npm test`'s lint step; `node scripts/check-boundaries.mjs` checks every tree and prints
// each crossing import and cycle, exiting 1 when there is one; `node scripts/check-boundaries.mjs
// <srcDir>` checks one source tree with the console's rules.
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

// import type { A } from '...', export type { A } from '...', import { type A, type B } from '...'
const TYPE_ONLY = /^(?:type\s|\{(?:\s*type\s+[^,}]+,?)*\s*\}$)/;
const STATIC = /\b(?:import|export)\s([^'"`;]*?)\bfrom\s*['"]([^'"]+)['"]/g;

/** The specifiers of imports that remain at run time (type-only ones erase). */
export function valueImportsOf(text) {
  const out = [];
  for (const m of text.matchAll(STATIC)) if (!TYPE_ONLY.test(m[1].trim())) out.push(m[2]);
  for (const re of SPECIFIERS.slice(1)) for (const m of text.matchAll(re)) out.push(m[1]);
  return out;
}

/** Packages the members' pages may use (their tests, which do not ship, use what they need). */
const PORTAL_PACKAGES = /^(react|react-dom|openapi-fetch|@simplewebauthn\/browser|@portiere\/contracts)(\/|$)/;
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
            rule: "the members' pages use no package but React, openapi-fetch, @simplewebauthn/browser and the contracts",
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

const SERVER_MODULE_ENTRY = /^(service|routes)\.ts$/;

/**
 * The server's module rule under srcDir (apps/server/src): { file, specifier, rule } for each
 * value import of another module's service.ts or routes.ts.
 */
export function checkServerModules(srcDir) {
  const violations = [];
  for (const file of walk(srcDir)) {
    const rel = path.relative(srcDir, file);
    const [top, area] = rel.split(path.sep);
    if (top !== 'modules' || isTestFile(rel)) continue;
    for (const specifier of valueImportsOf(fs.readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const to = path.relative(srcDir, path.resolve(path.dirname(file), specifier)).split(path.sep);
      if (to[0] !== 'modules' || to[1] === area || to.length !== 3 || !SERVER_MODULE_ENTRY.test(to[2])) continue;
      violations.push({
        file: rel,
        specifier,
        rule: `a module gets another module's service from services.ts, not by import (modules/${area} -> modules/${to[1]}/${to[2]}): import it as a type, and move a shared helper out of service.ts`,
      });
    }
  }
  return violations;
}

/**
 * The folder graph under srcDir (see the top of this file): Map<folder, Map<folder, [file, specifier]>>,
 * folders relative to srcDir ('.' for srcDir itself). Test files make no edge.
 */
export function folderGraph(srcDir) {
  const graph = new Map();
  for (const file of walk(srcDir)) {
    const rel = path.relative(srcDir, file);
    if (isTestFile(rel)) continue;
    for (const specifier of valueImportsOf(fs.readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const from = path
        .dirname(rel)
        .split(path.sep)
        .filter((p) => p !== '.');
      const target = path.relative(srcDir, path.resolve(path.dirname(file), specifier));
      if (target.startsWith('..')) continue;
      const to = path
        .dirname(target)
        .split(path.sep)
        .filter((p) => p !== '.');
      let common = 0;
      while (common < from.length && common < to.length && from[common] === to[common]) common++;
      // A folder importing its own subfolder, or the other way round: one piece of code.
      if (common === from.length || common === to.length) continue;
      const a = from.slice(0, common + 1).join('/');
      const b = to.slice(0, common + 1).join('/');
      if (!graph.has(a)) graph.set(a, new Map());
      if (!graph.get(a).has(b)) graph.get(a).set(b, [rel, specifier]);
    }
  }
  return graph;
}

/** Each folder cycle of the graph, once: [folder, ..., folder] (the first one repeated last). */
export function folderCycles(graph) {
  // Strongly connected components (Tarjan), then one shortest cycle through each component's first folder.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const components = [];
  const next = (v) => [...(graph.get(v)?.keys() ?? [])];
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v));
    stack.push(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.map((component) => {
    const start = component[0];
    const from = new Map([[start, null]]);
    const queue = [start];
    while (queue.length) {
      const v = queue.shift();
      for (const w of next(v).filter((x) => component.includes(x))) {
        if (w === start) {
          const cycle = [start];
          for (let u = v; u !== start; u = from.get(u)) cycle.splice(1, 0, u);
          return [...cycle, start];
        }
        if (!from.has(w)) {
          from.set(w, v);
          queue.push(w);
        }
      }
    }
    return component;
  });
}

/** Each folder cycle under srcDir: { cycle: 'a -> b -> a', imports: ['file imports specifier', ...] }. */
export function checkCycles(srcDir) {
  const graph = folderGraph(srcDir);
  return folderCycles(graph).map((cycle) => ({
    cycle: cycle.join(' -> '),
    imports: cycle.slice(1).map((to, i) => {
      const [file, specifier] = graph.get(cycle[i]).get(to);
      return `${file} imports '${specifier}'`;
    }),
  }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const trees = process.argv[2]
    ? [{ srcDir: path.resolve(process.argv[2]), app: 'console', name: process.argv[2] }]
    : [
        { srcDir: path.join(root, 'apps/console/src'), app: 'console', name: 'Console' },
        { srcDir: path.join(root, 'apps/portal/src'), app: 'portal', name: "Members' pages (portal)" },
        { srcDir: path.join(root, 'apps/server/src'), app: 'server', name: 'Server' },
        { srcDir: path.join(root, 'packages/contracts/src'), app: 'contracts', name: 'Contracts' },
        { srcDir: path.join(root, 'apps/workstation/src'), app: 'workstation', name: 'Workstation client' },
      ];
  let failed = 0;
  for (const { srcDir, app, name } of trees) {
    const violations =
      app === 'server'
        ? checkServerModules(srcDir)
        : app === 'contracts' || app === 'workstation'
          ? []
          : checkBoundaries(srcDir, { app });
    for (const v of violations) console.error(`${v.file}: import '${v.specifier}' crosses a boundary: ${v.rule}`);
    const cycles = checkCycles(srcDir);
    for (const c of cycles) console.error(`${name}: folder cycle ${c.cycle}\n  ${c.imports.join('\n  ')}`);
    if (violations.length || cycles.length) {
      console.error(
        `${name}: ${violations.length} import(s) cross the boundaries, ${cycles.length} folder cycle(s) (see docs/ARCHITECTURE.md).`,
      );
      failed += violations.length + cycles.length;
    } else console.log(`${name} import boundaries and folder cycles: ok`);
  }
  if (failed) process.exit(1);
}
