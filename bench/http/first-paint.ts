/**
 * First paints, as a person opening a page sees it: the console's sign-in page on a desktop and
 * the members' smartphone app (/app/, with no account yet) on an emulated phone. Largest Contentful
 * Paint of the page in Debian's Chromium (headless, launched as the browser tests launch
 * it), each sample in a new browser context (empty cache, new connections), beside the LCP of a
 * page holding one heading, served over HTTP from this machine in the same run: the raw limit of
 * "show something" here. Also the JavaScript the sign-in page fetches by itself: bytes on the
 * wire (as sent, compressed, headers included) and bytes the browser parses (decoded).
 *
 * The one-heading page is served twice, by a bare node:http server of this process: with the
 * response headers the measured page comes with (its security headers: Cross-Origin-Opener-Policy
 * alone makes Chromium start another renderer process for the page, about 100 ms here), which is
 * the like-for-like limit, and plain, as the issue first measured it.
 *
 * Run alone against a running server: `npx tsx bench/http/first-paint.ts http://127.0.0.1:8080`
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

export interface PagePaint {
  /** Median LCP of the page, ms from navigation start. */
  lcpMs: number;
  /** Median LCP of the one-heading page sent with the console page's headers, ms. */
  staticLcpMs: number;
  /**
   * Median of the paired ratios: each page load over the one-heading load of the same round
   * (the three pages of a round in turn first), so a change of the machine's load cancels out.
   */
  ratio: number;
  /** Median of the script responses' transfer sizes (compressed body and headers), bytes. */
  jsWireBytes: number;
  /** Median of the script responses' decoded sizes: what V8 parses, bytes. */
  jsParsedBytes: number;
  /** The same one-heading page sent plain (no security headers), and the ratio to it. */
  plainStaticLcpMs: number;
  plainRatio: number;
}

/** Rounds (console, one heading with its headers, one heading plain), after one that warms the browser up. */
const ROUNDS = Number(process.env.BENCH_PAINT_SAMPLES ?? 15);

/** The launch of the browser tests (e2e/playwright.config.ts). Never a downloaded browser. */
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROMIUM_PATH or Debian's /usr/bin/chromium, installed with apt-get if missing (as `npm run e2e`). */
function findChromium(): string {
  const script = path.resolve(import.meta.dirname, '../../scripts/ensure-chromium.mjs');
  return execFileSync(process.execPath, [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    .trim()
    .split('\n')
    .at(-1) as string;
}

/** A mid-range Android phone, as the browser tests of the app emulate it. */
const PHONE = {
  locale: 'en-US',
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
};

/** The raw limit: one heading, no script, no style sheet, not cached (as index.html). */
const STATIC_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Portiere</title>
  </head>
  <body>
    <h1>Portiere</h1>
  </body>
</html>
`;

/** Headers that describe one response's body or connection, not how a page is to be treated. */
const BODY_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'content-type',
  'etag',
  'last-modified',
  'date',
  'vary',
  'accept-ranges',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/** The headers the server sends the console's page with, but those of its body. */
async function pageHeaders(url: string): Promise<Record<string, string>> {
  const res = await fetch(url);
  await res.arrayBuffer();
  return Object.fromEntries([...res.headers].filter(([name]) => !BODY_HEADERS.has(name)));
}

async function serveStaticPage(headers: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'cache-control': 'no-cache', ...headers, 'content-type': 'text/html; charset=utf-8' });
    res.end(STATIC_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Sample {
  lcpMs: number;
  jsWireBytes: number;
  jsParsedBytes: number;
}

/**
 * One cold load: a new context, the page opened, left until the network is quiet (so every
 * script it fetches by itself counts), then the last LCP candidate and the scripts' sizes.
 */
async function sample(browser: Browser, url: string, phone: boolean): Promise<Sample> {
  const context = await browser.newContext(phone ? PHONE : { locale: 'en-US', viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    return await page.evaluate(
      () =>
        new Promise<Sample>((resolve, reject) => {
          const scripts = performance
            .getEntriesByType('resource')
            .filter((e): e is PerformanceResourceTiming => new URL(e.name).pathname.endsWith('.js'));
          const sizes = {
            jsWireBytes: scripts.reduce((n, e) => n + e.transferSize, 0),
            jsParsedBytes: scripts.reduce((n, e) => n + e.decodedBodySize, 0),
          };
          // LCP entries are only observable this way; buffered hands over those already painted.
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1);
            if (last) resolve({ lcpMs: last.startTime, ...sizes });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => reject(new Error(`no largest-contentful-paint entry on ${location.href}`)), 5000);
        }),
    );
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** The console's sign-in page on a desktop. */
export const consolePaint = (opts: { baseUrl: string }) => firstPaint({ ...opts, path: '/', phone: false });
/** The members' smartphone app, no account yet, on a phone. */
export const appPaint = (opts: { baseUrl: string }) => firstPaint({ ...opts, path: '/app/', phone: true });

export async function firstPaint(opts: { baseUrl: string; path: string; phone: boolean }): Promise<PagePaint> {
  const consoleUrl = new URL(opts.path, opts.baseUrl).href;
  const same = await serveStaticPage(await pageHeaders(consoleUrl));
  const plain = await serveStaticPage({});
  const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: LAUNCH_ARGS });
  try {
    const urls = [consoleUrl, same.url, plain.url];
    const samples: Sample[][] = urls.map(() => []);
    // Rounds, so that the three pages meet the same load of this shared machine; each goes
    // first in turn.
    for (let round = 0; round <= ROUNDS; round++) {
      const got: Sample[] = [];
      for (let k = 0; k < urls.length; k++) {
        const which = (k + round) % urls.length;
        got[which] = await sample(browser, urls[which] as string, opts.phone);
      }
      // The first round warms the browser process up.
      if (round > 0) for (const [which, s] of got.entries()) samples[which]?.push(s);
    }
    const [app = [], sameRaw = [], plainRaw = []] = samples;
    const pairedRatio = (raw: Sample[]) => median(app.map((s, i) => s.lcpMs / (raw[i]?.lcpMs ?? Number.NaN)));
    return {
      lcpMs: median(app.map((s) => s.lcpMs)),
      staticLcpMs: median(sameRaw.map((s) => s.lcpMs)),
      ratio: pairedRatio(sameRaw),
      jsWireBytes: median(app.map((s) => s.jsWireBytes)),
      jsParsedBytes: median(app.map((s) => s.jsParsedBytes)),
      plainStaticLcpMs: median(plainRaw.map((s) => s.lcpMs)),
      plainRatio: pairedRatio(plainRaw),
    };
  } finally {
    await browser.close();
    await same.close();
    await plain.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8080';
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const [name, r] of [
    ['console login', await consolePaint({ baseUrl })],
    ['smartphone app', await appPaint({ baseUrl })],
  ] as const)
    console.log(
      `${name} LCP ${r.lcpMs.toFixed(0)} ms; one heading with the same headers ${r.staticLcpMs.toFixed(0)} ms, ` +
        `ratio ${r.ratio.toFixed(2)}; plain ${r.plainStaticLcpMs.toFixed(0)} ms, ratio ${r.plainRatio.toFixed(2)} ` +
        `(medians of ${ROUNDS} rounds, ratios paired by round); ` +
        `JS ${kb(r.jsWireBytes)} on the wire, ${kb(r.jsParsedBytes)} parsed`,
    );
}
