/**
 * The console's first paint, as a person opening the sign-in page sees it: Largest Contentful
 * Paint of the login route in Debian's Chromium (headless, as the browser tests launch it), each
 * sample in a new browser context (empty cache, new connections), beside the LCP of a page
 * holding one heading, served over HTTP from this machine in the same run: the raw limit of
 * "show something" here. Also the JavaScript the sign-in page fetches: bytes on the wire (as
 * sent, compressed, headers included) and bytes the browser parses (decoded).
 *
 * Run alone against a running server: `npx tsx bench/http/console-paint.ts http://127.0.0.1:8080`
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

export interface ConsolePaint {
  /** Median LCP of the console's login route (`/`), ms from navigation start. */
  lcpMs: number;
  /** Median LCP of the one-heading static page, ms. */
  staticLcpMs: number;
  /**
   * Median of the paired ratios: each console load over the static load next to it (in turn
   * before and after it), so that a change of the machine's load between samples cancels out.
   */
  ratio: number;
  /** Median of the script responses' transfer sizes (compressed body and headers), bytes. */
  jsWireBytes: number;
  /** Median of the script responses' decoded sizes: what V8 parses, bytes. */
  jsParsedBytes: number;
}

/** Pairs of samples (console, static page), after one pair that warms the browser process up. */
const SAMPLES = Number(process.env.BENCH_PAINT_SAMPLES ?? 15);

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

/** The raw limit: one heading, no script, no style sheet, as index.html is sent (no-cache). */
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

async function serveStaticPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
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
async function sample(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
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

export async function consolePaint(opts: { baseUrl: string }): Promise<ConsolePaint> {
  const consoleUrl = new URL('/', opts.baseUrl).href;
  const page = await serveStaticPage();
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: LAUNCH_ARGS,
  });
  try {
    const app: Sample[] = [];
    const raw: Sample[] = [];
    // In pairs, so that both pages meet the same load of this shared machine; which goes first
    // alternates.
    for (let i = 0; i <= SAMPLES; i++) {
      const consoleFirst = i % 2 === 0;
      const before = consoleFirst ? null : await sample(browser, page.url);
      const a = await sample(browser, consoleUrl);
      const r = before ?? (await sample(browser, page.url));
      // The first pair warms the browser process up.
      if (i === 0) continue;
      app.push(a);
      raw.push(r);
    }
    return {
      lcpMs: median(app.map((s) => s.lcpMs)),
      staticLcpMs: median(raw.map((s) => s.lcpMs)),
      ratio: median(app.map((s, i) => s.lcpMs / (raw[i]?.lcpMs ?? Number.NaN))),
      jsWireBytes: median(app.map((s) => s.jsWireBytes)),
      jsParsedBytes: median(app.map((s) => s.jsParsedBytes)),
    };
  } finally {
    await browser.close();
    await page.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8080';
  const r = await consolePaint({ baseUrl });
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `console login LCP ${r.lcpMs.toFixed(0)} ms, one-heading page ${r.staticLcpMs.toFixed(0)} ms, ratio ${r.ratio.toFixed(2)} (median of the paired ratios); ` +
      `JS ${kb(r.jsWireBytes)} on the wire, ${kb(r.jsParsedBytes)} parsed (median of ${SAMPLES} cold loads)`,
  );
}
