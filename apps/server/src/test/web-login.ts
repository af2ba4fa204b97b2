/**
 * Set-up of web sign-in tests through the console's API: a configuration group, a flow and an
 * application whose app role assigns the flow to the group, and members with real credentials.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { call, createMember, type Harness, post } from './harness.ts';
import { authorizationRequest, Browser, relyingParty } from './oidc-browser.ts';

export const PUBLIC_URL = 'http://portiere.test';
export const ISSUER = `${PUBLIC_URL}/oidc`;
export const PASSWORD = 'Corr3ct-Horse-Battery!';

const tag = () => randomBytes(4).toString('hex');

async function must<T>(what: string, res: Promise<{ status: number; body: unknown }>): Promise<T> {
  const { status, body } = await res;
  if (status !== 200 && status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body as T;
}

export interface Application {
  id: string;
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
}

export async function createGroup(h: Harness, token: string, fields: Record<string, unknown> = {}) {
  return must<{ id: string }>(
    'group',
    post(
      h.app,
      'groups/',
      { name: `Web ${tag()}`, allowed: ['password', 'pin', 'app', 'mail', 'sms', 'totp', 'hotp'], ...fields },
      token,
    ),
  );
}

export async function createFlow(h: Harness, token: string, stages: string[][], terminating: string[] = []) {
  return must<{ id: string }>(
    'flow',
    post(h.app, 'flows/', { name: `Flow ${tag()}`, stages, terminatingCredentials: terminating }, token),
  );
}

export async function createApplication(
  h: Harness,
  token: string,
  type: 'web' | 'spa' | 'native' | 'machine',
  fields: Record<string, unknown> = {},
): Promise<Application> {
  const redirectUri = `http://rp-${tag()}.test/cb`;
  const body = await must<Application>(
    'application',
    post(
      h.app,
      'applications/',
      { name: `App_${tag()}`, type, redirectUri: type === 'machine' ? '' : redirectUri, ...fields },
      token,
    ),
  );
  return { ...body, redirectUri: (fields.redirectUri as string | undefined) ?? redirectUri };
}

export async function createAppRole(
  h: Harness,
  token: string,
  applicationId: string,
  groupId: string,
  flowId: string,
  displayName = `Role ${tag()}`,
) {
  return must<{ id: string }>(
    'app role',
    post(h.app, 'app-roles/', { displayName, applicationId, groupId, flowId }, token),
  );
}

/** A spa application whose app role gives `stages` to a new group (with `group`'s fields). */
export async function appWithFlow(
  h: Harness,
  token: string,
  stages: string[][],
  { terminating = [] as string[], group = {} as Record<string, unknown> } = {},
) {
  const g = await createGroup(h, token, group);
  const flow = await createFlow(h, token, stages, terminating);
  const app = await createApplication(h, token, 'spa');
  await createAppRole(h, token, app.id, g.id, flow.id);
  return { app, groupId: g.id };
}

export interface WebMember {
  id: string;
  username: string;
  totp: TOTP;
}

/** A member of the group with a password and a TOTP credential (and whatever `fields` add). */
export async function createWebMember(
  h: Harness,
  token: string,
  groupId: string,
  fields: Record<string, unknown> = {},
): Promise<WebMember> {
  const member = await createMember(h, token, {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `ada-${tag()}@acme.example`,
    phone_number: '+393331234567',
    group_id: groupId,
    ...fields,
  });
  if (!member?.id) throw new Error(`member: ${JSON.stringify(member)}`);
  await must('password', post(h.app, `users/${member.id}/credentials/`, { type: 'password', value: PASSWORD }, token));
  const totp = await must<{ enrollment: { secret: string } }>(
    'totp',
    post(h.app, `users/${member.id}/credentials/`, { type: 'totp' }, token),
  );
  return {
    id: member.id,
    username: member.username,
    totp: new TOTP({ secret: Secret.fromBase32(totp.enrollment.secret), algorithm: 'SHA1', digits: 6, period: 30 }),
  };
}

/** The member's TOTP code at the app's clock, the clock then moved past that step (codes work once). */
export function totpCode(h: Harness, member: WebMember): string {
  const code = member.totp.generate({ timestamp: h.clock.now().getTime() });
  h.clock.advance(30);
  return code;
}

/** The sign-in API of an interaction. */
export function signInApi(h: Harness, uid: string) {
  return {
    state: () => call(h.app, 'GET', `signin/${uid}/`),
    identify: (username: string) => post(h.app, `signin/${uid}/identify/`, { username }),
    card: (cardCode: string) => post(h.app, `signin/${uid}/card/`, { cardCode }),
    send: (kind: 'mail' | 'sms' | 'app') => post(h.app, `signin/${uid}/send/`, { kind }),
    verify: (kind: string, value: string) => post(h.app, `signin/${uid}/verify/`, { kind, value }),
    abort: () => post(h.app, `signin/${uid}/abort/`, {}),
  };
}

/** The uid of the sign-in page a location names. */
export function uidOf(location: string): string {
  const m = /\/signin\/([^/?#]+)/.exec(location);
  if (!m?.[1]) throw new Error(`not a sign-in page: ${location}`);
  return m[1];
}

/**
 * An RP of `app` sends `browser` (a fresh one unless given) to the provider: the RP, its request's
 * checks, and where the provider sent the browser (the sign-in page, or the RP with a code).
 */
export async function authorize(
  h: Harness,
  app: Application,
  {
    scope = 'openid',
    browser = new Browser(h.app),
    extra,
  }: { scope?: string; browser?: Browser; extra?: Record<string, string> } = {},
) {
  const rp = await relyingParty(h.app, ISSUER, app.clientId, app.clientSecret ?? undefined);
  const request = await authorizationRequest(rp, app.redirectUri, scope, extra);
  return { rp, request, browser, location: await browser.follow(request.url) };
}

/** A sign-in started by an RP of `app`: as authorize(), with the sign-in page's uid and API. */
export async function startSignIn(
  h: Harness,
  app: Application,
  options: { scope?: string; browser?: Browser; extra?: Record<string, string> } = {},
) {
  const started = await authorize(h, app, options);
  const uid = uidOf(started.location);
  return { ...started, uid, api: signInApi(h, uid) };
}
