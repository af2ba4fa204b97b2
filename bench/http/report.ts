/** The "Over HTTP" section of bench/RESULTS.md: each figure of issue 35 beside its raw limit and goal. */
import type { HttpDatabaseResult, HttpResult } from './run.ts';

const f = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const ratio = (n: number) => n.toFixed(2);
const met = (ok: boolean) => (ok ? 'yes' : '**no**');

function rows(db: string, r: HttpDatabaseResult): string[] {
  const out: string[] = [];
  const w = r.webSignIn;
  const webRatio = w.flowsPerSecond / w.rawArgonPerSecond;
  out.push(
    `| members' web sign-in, OpenID code flow end to end, 8 browsers (p50 ${f(w.p50)} ms) | ${w.flowsPerSecond.toFixed(1)} flows/s | ${f(w.rawArgonPerSecond)} argon2id verifications/s | ${ratio(webRatio)} | ≥ 0.6 | ${met(webRatio >= 0.6)} |`,
  );
  const l = r.load;
  const answered = Object.values(l.statuses).reduce((a, b) => a + b, 0);
  const busy = (l.statuses['503'] ?? 0) / Math.max(1, answered);
  const others = Object.entries(l.statuses)
    .filter(([status]) => status !== '200' && status !== '503')
    .map(([status, n]) => `${f(n)} × ${status}`);
  out.push(
    `| ${l.connections} operators at once for ${l.seconds} s, ten read routes: ${f(l.requestsPerSecond)} answers/s, ${(100 * busy).toFixed(1)} % of them 503 serverBusy${others.length ? `, ${others.join(', ')}` : ''}, ${f(l.timeouts)} timed out | p99 ${ms(l.p99)} (p50 ${ms(l.p50)}, max ${ms(l.max)}) | | | p99 ≤ 1 s, 0 timeouts | ${met(l.p99 <= 1000 && l.timeouts === 0 && l.errors === 0 && !others.length)} |`,
  );
  for (const [word, s] of Object.entries(r.search ?? {})) {
    const goal = word === 'ma' ? s.app.p95 <= 100 : s.app.p95 <= 50 && s.app.p95 / s.raw.p95 <= 1.2;
    out.push(
      `| search "${word}", first page: p95 (${f(s.exact ?? s.count)} matches${s.estimated ? ', count estimated, exact count fetched after' : ''}) | ${ms(s.app.p95)} | ${ms(s.raw.p95)} plain trigram SQL (page + count) | ${ratio(s.app.p95 / s.raw.p95)} | ${word === 'ma' ? '≤ 100 ms' : '≤ 50 ms, ≤ 1.2 ×'} | ${met(goal)} |`,
    );
    if (s.exactCount && s.rawCount) {
      out.push(
        `| then its exact count (users/count/): p95 | ${ms(s.exactCount.p95)} | ${ms(s.rawCount.p95)} plain count | ${ratio(s.exactCount.p95 / s.rawCount.p95)} | | |`,
      );
    }
  }
  return [`### ${db}: ${f(r.members)} members`, '', ...TABLE_HEAD, ...out, ''];
}

const TABLE_HEAD = ['| figure | Portiere | raw limit of this run | ratio | goal | met |', '|---|---|---|---|---|---|'];

export function httpSection(h: HttpResult): string {
  const c = h.coldStart;
  return [
    '## Over HTTP (issue 35)',
    '',
    'The built server (`apps/server/dist/main.js`, what `npm start` runs) in a process of its own, each',
    'client in another: `wrk` for the load (Debian package, installed when missing), a Node client',
    'with openid-client for the web sign-in (bench/http/web-sign-in-client.ts), fetch for the search.',
    "Raw limits are measured in the same run just before: argon2id verifications at the members'",
    'parameters, 8 at once; the plain SQL of the same answer, timed alternately with it.',
    '',
    ...Object.entries(h.databases).flatMap(([db, r]) => rows(db, r)),
    '### Start',
    '',
    '| case | time | goal | met |',
    '|---|---|---|---|',
    `| empty data folder, console built (spawn to /readyz answering: database from the migrated template, demo data, signing keys) | ${f(c.emptyMs)} ms | ≤ 5,000 ms | ${met(c.emptyMs <= 5000)} |`,
    `| the same data folder again | ${f(c.existingMs)} ms | | |`,
    '',
  ].join('\n');
}
