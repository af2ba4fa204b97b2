/**
 * The client's settings: a JSON file (`--config`, else PORTIERE_WORKSTATION_CONFIG) and
 * environment variables over it. Under pam_exec the environment holds only PAM's variables, so a
 * PAM login reads everything from the file; by hand or in a service the variables override it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AnswerKind, isAnswerKind, isTypedKind, type TypedKind } from './kinds.ts';

export interface Config {
  /** The Portiere server, e.g. https://mfa.example.com (its API under /api/v1/). */
  server: string;
  /** The workstation key the console issued (pwk_...). */
  key: string;
  /** This machine's name, sent with a fleet key (a machine key's own name wins on the server). */
  machine: string;
  /** Where offline material is kept: one file per member, readable by this user only. */
  stateDir: string;
  /** Kinds chosen without asking when a stage offers one of them, first match wins. */
  kinds: AnswerKind[];
  /** Private key files (PEM) that sign a key pair's or a smartcard's challenge. */
  keys: { keypair?: string; smartcard?: string };
  /** The kind a PAM token answers the first stage with (else the stage's first typed kind). */
  pamKind: TypedKind | null;
  /** Ask for offline material at each online sign-in. */
  offline: boolean;
  /** A call unanswered after this long counts as the server unreachable. */
  timeoutMs: number;
  /** How long to wait for the member to approve on the app. */
  appTimeoutS: number;
}

export class ConfigError extends Error {}

const ENV = 'PORTIERE_WORKSTATION_';

/** Root keeps state with the system; anyone else under their own state folder. */
function defaultStateDir(): string {
  if (process.getuid?.() === 0) return '/var/lib/portiere-workstation';
  const base = process.env.XDG_STATE_HOME || path.join(os.homedir(), '.local/state');
  return path.join(base, 'portiere-workstation');
}

function readFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read the configuration ${file}: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`the configuration ${file} is not JSON: ${(err as Error).message}`);
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new ConfigError(`${file}: not a JSON object`);
  // It holds the workstation key: like an SSH key, it should be this user's alone.
  const mode = fs.statSync(file).mode;
  if (mode & 0o077) process.stderr.write(`warning: ${file} is readable by others; it holds the workstation key\n`);
  return json as Record<string, unknown>;
}

const text = (v: unknown, name: string): string | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw new ConfigError(`${name} must be a string`);
  return v.trim();
};
const seconds = (v: unknown, name: string, fallback: number): number => {
  if (v === undefined || v === null || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new ConfigError(`${name} must be a positive number of seconds`);
  return n;
};

/** The settings from `file` (when given) and the environment; throws ConfigError when something is missing or wrong. */
export function loadConfig(file?: string, env: NodeJS.ProcessEnv = process.env): Config {
  const configFile = file ?? env[`${ENV}CONFIG`];
  const json = configFile ? readFile(configFile) : {};
  // Key files named in the file are relative to it.
  const base = configFile ? path.dirname(path.resolve(configFile)) : process.cwd();
  const from = (key: string, envName: string) => env[`${ENV}${envName}`] ?? json[key];

  const server = text(from('server', 'SERVER'), 'server');
  if (!server) throw new ConfigError(`no server: set "server" in the configuration or ${ENV}SERVER`);
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new ConfigError(`server ${server} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError('server must be an http(s) URL');
  const key = text(from('key', 'KEY'), 'key');
  if (!key?.startsWith('pwk_')) throw new ConfigError(`no workstation key (pwk_...): set "key" or ${ENV}KEY`);

  const kindsValue = from('kinds', 'KINDS');
  const kinds = typeof kindsValue === 'string' ? kindsValue.split(',').map((k) => k.trim()) : (kindsValue ?? []);
  if (!Array.isArray(kinds) || !kinds.every((k) => typeof k === 'string' && isAnswerKind(k)))
    throw new ConfigError(`kinds must list sign-in kinds (password, pin, totp, hotp, mail, sms, app, keypair, ...)`);

  const keysValue = (json.keys ?? {}) as Record<string, unknown>;
  const keyFile = (name: 'keypair' | 'smartcard') => {
    const f = text(env[`${ENV}${name.toUpperCase()}_KEY`] ?? keysValue[name], `keys.${name}`);
    return f ? { [name]: path.resolve(base, f) } : {};
  };
  const pam = (json.pam ?? {}) as Record<string, unknown>;
  const pamKind = text(env[`${ENV}PAM_KIND`] ?? pam.kind, 'pam.kind') ?? null;
  if (pamKind !== null && !isTypedKind(pamKind)) throw new ConfigError('pam.kind must be password, pin, totp or hotp');
  const offline = from('offline', 'OFFLINE');

  return {
    server: url.toString().replace(/\/+$/, ''),
    key,
    machine: text(from('machine', 'MACHINE'), 'machine') ?? os.hostname(),
    stateDir: path.resolve(base, text(from('state_dir', 'STATE_DIR'), 'state_dir') ?? defaultStateDir()),
    kinds: kinds as AnswerKind[],
    keys: { ...keyFile('keypair'), ...keyFile('smartcard') },
    pamKind,
    offline: offline === undefined ? true : offline === true || offline === 'true' || offline === '1',
    timeoutMs: seconds(from('timeout_s', 'TIMEOUT_S'), 'timeout_s', 10) * 1000,
    appTimeoutS: seconds(from('app_timeout_s', 'APP_TIMEOUT_S'), 'app_timeout_s', 120),
  };
}
