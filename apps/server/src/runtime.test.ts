/**
 * The runtimes the README promises (package.json's `engines`, on a long-term-support release)
 * are those oidc-provider accepts: on them the server serves OpenID without its "Unsupported
 * runtime" warning; on any other (Node.js 20, past its end of life, or a Current release) the
 * warning is printed, as it should be. The library is loaded on the first OpenID request
 * (oidc/provider.ts). .ci/run also runs this under the newest LTS (scripts/test-node-lts.mjs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OIDC_PATH } from '@portiere/contracts';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';
import { type Node, startNode } from './test/nodes.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const engines: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const promised = semver.satisfies(process.version, engines) && Boolean(process.release.lts);

describe(`the server on Node.js ${process.version} (${promised ? 'supported' : 'not supported'}: engines ${engines})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portiere-runtime-'));
  let node: Node | undefined;

  afterAll(async () => {
    await node?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`serves OpenID ${promised ? 'without' : 'with'} oidc-provider's "Unsupported runtime" warning`, async () => {
    node = await startNode('runtime', { DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', SEED_DEMO: 'false' });
    const discovery = await fetch(`${node.url}${OIDC_PATH}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    // Stopped, so that all it printed has been read.
    await node.stop();
    expect(node.output().includes('oidc-provider WARNING: Unsupported runtime')).toBe(!promised);
  });
});
