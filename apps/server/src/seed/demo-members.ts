/**
 * Demo members: about 200 for Acme and 20 for Globex, with a realistic mix of credentials,
 * configuration groups, blocked and not-yet-enrolled people. Deterministic, so screenshots
 * and browser tests see the same data every time.
 */
import type { CredentialType } from '@portiere/contracts';
import type { Db } from '../db/client.ts';
import { configurations, credentialKindMask, credentials, members } from '../db/schema/index.ts';
import { randomDigits, type SecretBox } from '../lib/crypto.ts';
import { hashPassword } from '../lib/passwords.ts';
import { newSecret } from '../modules/credentials/otp.ts';
import { rebuildTallies } from '../modules/members/tallies.ts';

const FIRST = [
  'Giulia',
  'Marco',
  'Sofia',
  'Luca',
  'Emma',
  'Noah',
  'Olivia',
  'Liam',
  'Chiara',
  'Matteo',
  'Ava',
  'Lucas',
  'Aurora',
  'Leo',
  'Mia',
  'Elena',
  'James',
  'Anna',
  'Pietro',
  'Grace',
];
const LAST = [
  'Rossi',
  'Smith',
  'Bianchi',
  'Johnson',
  'Romano',
  'Brown',
  'Colombo',
  'Taylor',
  'Ricci',
  'Wilson',
  'Marino',
  'Davies',
  'Greco',
  'Evans',
  'Bruno',
  'Thomas',
  'Gallo',
  'Moore',
  'Conti',
  'Clark',
];

/** Small deterministic generator (mulberry32). */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function seedMembers(
  db: Db,
  box: SecretBox,
  customerId: string,
  domain: string,
  count: number,
  seed: number,
) {
  const random = rng(seed);
  const groups = await db
    .insert(configurations)
    .values([
      {
        customerId,
        name: 'Default',
        description: 'Every credential',
        allowed: ['password', 'pin', 'app', 'mail', 'sms', 'totp', 'hotp'],
        appCredentialBiometry: 'weak',
      },
      {
        customerId,
        name: 'Office',
        description: 'No SMS',
        allowed: ['password', 'pin', 'app', 'mail', 'totp', 'hotp'],
      },
      {
        customerId,
        name: 'Contractors',
        description: 'Web only, password and TOTP',
        allowed: ['password', 'mail', 'totp'],
        workstationLoginEnabled: false,
      },
    ])
    .returning();
  const passwordHash = await hashPassword('Member-demo-pass1');
  const pinHash = await hashPassword('1234');
  const now = Date.now();
  const memberRows: (typeof members.$inferInsert)[] = [];
  const plans: CredentialType[][] = [];
  for (let i = 0; i < count; i++) {
    const first = FIRST[Math.floor(random() * FIRST.length)] ?? 'Alex';
    const last = LAST[Math.floor(random() * LAST.length)] ?? 'Doe';
    const username = `${first}.${last}${i}`.toLowerCase();
    const group = groups[Math.floor(random() * groups.length)];
    const hasPhone = random() < 0.5;
    const allowed = new Set(group?.allowed ?? []);
    const plan: CredentialType[] = [];
    if (random() < 0.8 && allowed.has('mail')) plan.push('mail');
    if (random() < 0.5 && allowed.has('totp')) plan.push('totp');
    if (random() < 0.4 && allowed.has('password')) plan.push('password');
    if (random() < 0.3 && allowed.has('app')) plan.push('app');
    if (random() < 0.2 && allowed.has('pin')) plan.push('pin');
    if (hasPhone && random() < 0.4 && allowed.has('sms')) plan.push('sms');
    if (random() < 0.05 && allowed.has('hotp')) plan.push('hotp');
    if (i % 9 === 0) plan.length = 0; // some people have not started yet
    const createdAt = new Date(now - Math.floor(random() * 700) * 86_400_000 - i * 60_000);
    const blocked = random() < 0.05;
    memberRows.push({
      customerId,
      username,
      firstName: first,
      lastName: last,
      email: `${username}@${domain}`,
      phoneNumber: hasPhone ? `+39${3_000_000_000 + Math.floor(random() * 999_999_999)}` : '',
      groupId: group?.id ?? null,
      extraInfo:
        random() < 0.3
          ? JSON.stringify({ department: ['Sales', 'IT', 'HR', 'Finance'][i % 4], floor: (i % 5) + 1 })
          : '',
      identities:
        random() < 0.4
          ? [
              {
                subject: `CN=${first} ${last}`,
                issuer: `CN=${domain} CA`,
                validTo: null,
                microsoft_identity: `${username}@${domain}`,
              },
            ]
          : [],
      blocked,
      blockedBy: blocked ? `admin@${domain}` : null,
      blockedAt: blocked ? new Date(createdAt.getTime() + 86_400_000) : null,
      enrolled: plan.length > 0,
      enrolledAt: plan.length > 0 ? new Date(createdAt.getTime() + 3_600_000) : null,
      credentialTypes: [...plan].sort(),
      credentialKinds: credentialKindMask(plan),
      // Passwords of every other member and every PIN are usable for Windows login (below).
      windowsLogin: plan.includes('pin') || (plan.includes('password') && i % 2 === 0),
      createdAt,
    });
    plans.push(plan);
  }
  const inserted = await db
    .insert(members)
    .values(memberRows)
    .returning({ id: members.id, email: members.email, phone: members.phoneNumber, createdAt: members.createdAt });
  const credentialRows: (typeof credentials.$inferInsert)[] = [];
  inserted.forEach((m, i) => {
    for (const type of plans[i] ?? []) {
      const base = {
        customerId,
        memberId: m.id,
        type,
        createdAt: new Date(m.createdAt.getTime() + 3_600_000),
        isEnrolled: true,
      };
      if (type === 'mail') credentialRows.push({ ...base, target: m.email });
      else if (type === 'sms') credentialRows.push({ ...base, target: m.phone });
      else if (type === 'password')
        credentialRows.push({ ...base, secretHash: passwordHash, windowsLogin: i % 2 === 0 });
      else if (type === 'pin') credentialRows.push({ ...base, secretHash: pinHash, windowsLogin: true, isWeb: false });
      else if (type === 'totp') {
        credentialRows.push({
          ...base,
          secretEnc: box.encrypt(newSecret('SHA1')),
          params: { algorithm: 'SHA1', digits: 6, period: 30 },
        });
      } else if (type === 'hotp') {
        credentialRows.push({
          ...base,
          secretEnc: box.encrypt(newSecret('SHA1')),
          params: { algorithm: 'SHA1', digits: 6, window: 10, max_attempts: 5 },
        });
      } else if (type === 'app') {
        const pending = i % 4 === 0;
        const code = randomDigits(8);
        credentialRows.push({
          ...base,
          status: pending ? 'pending' : 'active',
          isEnrolled: !pending,
          deviceModel: pending ? null : ['iPhone 16', 'Pixel 9', 'Galaxy S25'][i % 3],
          ...(pending
            ? { confirmationHash: box.hmac(code), confirmationEnc: box.encrypt(code) }
            : { secretEnc: box.encrypt(`device-${m.id}`) }),
        });
      }
    }
  });
  for (let i = 0; i < credentialRows.length; i += 500)
    await db.insert(credentials).values(credentialRows.slice(i, i + 500));
  // Written around the services: the customer's counters and anchors are counted afresh.
  await rebuildTallies(db, customerId);
  return { members: inserted.length, credentials: credentialRows.length };
}
