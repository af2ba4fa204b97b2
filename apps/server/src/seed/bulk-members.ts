/**
 * `portiere seed --members N [--customer NAME]`: adds N synthetic members with a realistic mix
 * of credentials to a customer, generated in SQL (set-based, in batches of one or, on
 * PostgreSQL, two transactions at once), then counts the customer's tallies afresh
 * (members/tallies.ts): until then the customer's counts miss the new members. For benchmarks and trials at scale:
 * password and PIN credentials share one argon2id hash, one-time-code and app credentials one
 * sealed secret per kind, so no row costs a hash or a seal of its own.
 */
import { CREDENTIAL_TYPES, type CredentialType } from '@portiere/contracts';
import { sql } from 'drizzle-orm';
import { type Database, type Db, rowsOf } from '../db/client.ts';
import { CREDENTIAL_KIND_BITS } from '../db/schema/index.ts';
import type { SecretBox } from '../lib/crypto.ts';
import { hashPassword } from '../lib/passwords.ts';
import { newSecret } from '../modules/credentials/otp.ts';
import { rebuildTallies } from '../modules/members/tallies.ts';

/** Rows generated per statement: big enough to be set-based, small enough for PGlite's memory. */
const BATCH = 50_000;

/** Share of members holding each kind: about 1.2 credentials a member, a fifth holding none yet. */
const KIND_SHARES: [CredentialType, number][] = [
  ['mail', 0.75],
  ['totp', 0.22],
  ['password', 0.15],
  ['app', 0.1],
  ['pin', 0.05],
  ['sms', 0.04],
  ['hotp', 0.01],
  ['app_biometry', 0.005],
  ['keypair', 0.0025],
  ['smartcard', 0.0025],
];

/**
 * Names, most common first. Each member draws one by a skewed rank (floor(size * u^1.5) for
 * uniform u: the share of rank k falls like k^-1/3), so a few names are common and most rare,
 * as in a real directory: the commonest surname is about 5 % of members, the fifth (Bianchi)
 * about 2 %, the rarest 0.7 %. Searching a common one is the lists' hardest search.
 */
// biome-ignore format: one line of ten names reads better than a name per line
const FIRST = [
  'Giulia', 'Marco', 'Sofia', 'Luca', 'Emma', 'Noah', 'Olivia', 'Liam', 'Chiara', 'Matteo',
  'Ava', 'Leo', 'Alessandro', 'Francesca', 'Andrea', 'Giorgia', 'Lorenzo', 'Martina', 'Davide', 'Sara',
  'Federico', 'Alice', 'Simone', 'Elena', 'Riccardo', 'Anna', 'James', 'Mary', 'John', 'Patricia',
  'Robert', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'Lukas', 'Mia', 'Hugo', 'Lucía',
];
// biome-ignore format: one line of ten names reads better than a name per line
const LAST = [
  'Rossi', 'Smith', 'Russo', 'Johnson', 'Bianchi', 'Ferrari', 'Williams', 'Esposito', 'Brown', 'Romano',
  'Colombo', 'Jones', 'Ricci', 'Miller', 'Marino', 'Greco', 'Davis', 'Bruno', 'Gallo', 'Wilson',
  'Conti', 'De Luca', 'Taylor', 'Mancini', 'Costa', 'Anderson', 'Giordano', 'Rizzo', 'Thomas', 'Lombardi',
  'Moretti', 'Moore', 'Barbieri', 'Fontana', 'Martin', 'Santoro', 'Mariani', 'Jackson', 'Rinaldi', 'Caruso',
  'Müller', 'Ferrara', 'Thompson', 'Galli', 'Martini', 'White', 'Leone', 'Longo', 'Schmidt', 'Gentile',
  'Harris', 'Martinelli', 'Vitale', 'Clark', 'Lombardo', 'Serra', 'García', 'Coppola', 'De Santis', 'Lewis',
  'Marchetti', 'Parisi', 'Schneider', 'Villa', 'Robinson', 'Conte', 'Ferraro', 'Dubois', 'Ferri', 'Walker',
  'Fabbri', 'Bianco', 'Fernández', 'Marini', 'Young', 'Grasso', 'Valentini', 'Fischer', 'Allen', 'Messina',
  'Durand', 'Sala', 'King', 'González', 'Pellegrini', 'Weber', 'Palumbo', 'Wright', 'Sanna', 'Moreau',
  'Farina', 'Scott', 'Rodríguez', 'Rizzi', 'Meyer', 'Monti', 'Green', 'Cattaneo', 'Laurent', 'Morelli',
];

/** The SQL drawing one of `names` by the skewed rank above. */
const drawName = (names: readonly string[]) =>
  sql`(${textArray(names)}::text[])[1 + floor(${names.length}::int * power(random(), 1.5))::int]`;

/** Names in usernames and mail addresses: lower case, ASCII, no spaces ('De Luca' -> 'deluca'). */
const ASCII_FROM = 'üéáíóñ ';
const ASCII_TO = 'ueaion';

export class SeedError extends Error {}

export interface SeedResult {
  customer: string;
  members: number;
  credentials: number;
  ms: number;
}

const textArray = (xs: readonly string[]) => `{${xs.map((x) => `"${x}"`).join(',')}}`;

export async function seedBulkMembers(
  database: Database,
  box: SecretBox,
  opts: { members: number; customer?: string },
): Promise<SeedResult> {
  const t0 = performance.now();
  const name = opts.customer ?? 'Acme';
  const db = database.db;
  const found = rowsOf<{ id: string; name: string; domain: string | null }>(
    await db.execute(
      sql`select id, name, settings->'general'->>'domain' as domain from customers where lower(name) = lower(${name})`,
    ),
  );
  if (found.length === 0) throw new SeedError(`No customer named ${name}.`);
  if (found.length > 1) throw new SeedError(`${found.length} customers are named ${name}: rename one first.`);
  const customer = found[0] as { id: string; name: string; domain: string | null };
  const domain = customer.domain || `${customer.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;
  const passwordHash = await hashPassword('Member-bulk-pass1');
  const pinHash = await hashPassword('1234');
  const sealed = {
    totp: box.encrypt(newSecret('SHA1')),
    hotp: box.encrypt(newSecret('SHA1')),
    device: box.encrypt('device-bulk-seed'),
  };

  const groups = rowsOf<{ id: string }>(
    await db.execute(sql`select id from configurations where customer_id = ${customer.id}::uuid order by name`),
  ).map((g) => g.id);
  // Numbers go on from the customer's member count, so names do not repeat across runs.
  const [start] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from members where customer_id = ${customer.id}::uuid`),
  );
  const first = start?.n ?? 0;
  const batches = Array.from({ length: Math.ceil(opts.members / BATCH) }, (_, i) => ({
    from: first + 1 + i * BATCH,
    n: Math.min(BATCH, opts.members - i * BATCH),
  }));
  // On PostgreSQL the batches go in two lanes, each one transaction on its own connection: one
  // backend inserting keeps one core busy with the index entries, two keep two. PGlite has one.
  const lanes = Math.min(2, database.maxConnections, batches.length);
  let members = 0;
  let credentials = 0;
  const lane = (k: number) =>
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // Bulk settings for this transaction only. Each batch statement would otherwise be JIT
      // compiled (a second or so, for nothing), and the trigram index (member_search's, filled by
      // the members' insert trigger) would merge its pending entries every 4 MB instead of once at the vacuum below (measured: 17 % of a batch's
      // member inserts).
      await t.execute(sql`set local jit = off`);
      await t.execute(sql`set local gin_pending_list_limit = '64MB'`);
      for (const batch of batches.filter((_, i) => i % lanes === k)) {
        const added = await insertBatch(
          t,
          customer.id,
          domain,
          groups,
          batch.from,
          batch.n,
          {
            first,
            total: opts.members,
          },
          { passwordHash, pinHash, sealed },
        );
        members += added.members;
        credentials += added.credentials;
      }
    });
  const done = await Promise.allSettled(Array.from({ length: lanes }, (_, k) => lane(k)));
  // The counters are counted afresh from what is stored, even when a lane failed: they always
  // agree with the rows, and the failure is reported after.
  await db.transaction(async (tx) => rebuildTallies(tx as unknown as Db, customer.id));
  const failed = done.find((d): d is PromiseRejectedResult => d.status === 'rejected');
  if (failed) throw failed.reason;
  // Fresh statistics and visibility maps: the lists' index-only scans read no table pages.
  await db.execute(sql`vacuum (analyze) members`);
  await db.execute(sql`vacuum (analyze) member_search`);
  await db.execute(sql`vacuum (analyze) credentials`);
  return { customer: customer.name, members, credentials, ms: performance.now() - t0 };
}

async function insertBatch(
  db: Db,
  customerId: string,
  domain: string,
  groups: string[],
  from: number,
  n: number,
  { first, total }: { first: number; total: number },
  secrets: { passwordHash: string; pinHash: string; sealed: { totp: string; hotp: string; device: string } },
): Promise<{ members: number; credentials: number }> {
  // Each member draws its kinds independently; a tenth are not enrolled yet (no credential).
  const kinds = sql.join(
    KIND_SHARES.map(([kind, share]) => sql`case when r.none or random() >= ${share} then null else ${kind}::text end`),
    sql`, `,
  );
  const bits = sql.raw(
    `case t ${CREDENTIAL_TYPES.map((k) => `when '${k}' then ${CREDENTIAL_KIND_BITS[k]}`).join(' ')} else 0 end`,
  );
  const result = await db.execute(sql`
    with r as (
      select i, random() < 0.1 as none, ${drawName(FIRST)} as first, ${drawName(LAST)} as last,
        -- joined over the last three years, in the order added (as rows of a real customer lie)
        now() - interval '1100 days' * (1 - (i - ${first}::int)::float8 / ${total}::float8) - random() * interval '1 hour' as created_at,
        -- independent draws: Windows use of a password, blocked, group, phone, enrolment delay
        random() as u, random() as b, random() as g, random() as p, random() as e
      from generate_series(${from}::int, ${from + n - 1}::int) as i
    ),
    k as (
      select r.*, coalesce((select jsonb_agg(t order by t) from unnest(array[${kinds}]) as t where t is not null), '[]'::jsonb) as types
      from r
    ),
    w as (
      select k.*, translate(lower(k.first || '.' || k.last), ${ASCII_FROM}, ${ASCII_TO}) || k.i as login,
        (k.types ? 'pin') or ((k.types ? 'password') and k.u < 0.5) as windows,
        (select coalesce(bit_or(${bits}), 0) from jsonb_array_elements_text(k.types) as t) as kinds
      from k
    ),
    added as (
      insert into members (customer_id, username, first_name, last_name, email, phone_number, group_id, blocked, blocked_by,
        blocked_at, enrolled, enrolled_at, credential_types, credential_kinds, windows_login, created_at)
      select ${customerId}::uuid, w.login, w.first, w.last, w.login || '@' || ${domain},
        case when w.p < 0.6 or w.types ? 'sms' then '+39' || (3000000000 + (w.i::bigint * 7919) % 999999999)::text else '' end,
        case when w.g < 0.8 then (${`{${groups.join(',')}}`}::uuid[])[1 + floor(w.g / 0.8 * ${groups.length})::int] end,
        w.b < 0.02, case when w.b < 0.02 then 'admin@' || ${domain} end,
        case when w.b < 0.02 then w.created_at + interval '30 days' end,
        jsonb_array_length(w.types) > 0,
        case when jsonb_array_length(w.types) > 0 then w.created_at + w.e * interval '48 hours' end,
        w.types, w.kinds, w.windows, w.created_at
      from w
      on conflict do nothing
      returning id, email, phone_number, credential_types, windows_login, enrolled_at
    ),
    creds as (
      insert into credentials (customer_id, member_id, type, is_web, windows_login, is_enrolled, status, target, secret_hash,
        secret_enc, params, device_model, created_at)
      select ${customerId}::uuid, a.id, t, t <> 'pin', t in ('pin', 'password') and a.windows_login, true,
        case when t in ('app', 'app_biometry') then 'active' end,
        case t when 'mail' then a.email when 'sms' then nullif(a.phone_number, '') end,
        case t when 'password' then ${secrets.passwordHash} when 'pin' then ${secrets.pinHash} end,
        case when t = 'totp' then ${secrets.sealed.totp} when t = 'hotp' then ${secrets.sealed.hotp}
          when t in ('app', 'app_biometry') then ${secrets.sealed.device} end,
        case t when 'totp' then '{"algorithm":"SHA1","digits":6,"period":30}'::jsonb
          when 'hotp' then '{"algorithm":"SHA1","digits":6,"window":10,"max_attempts":5}'::jsonb end,
        case when t in ('app', 'app_biometry') then 'Pixel 9' end,
        a.enrolled_at
      from added a, jsonb_array_elements_text(a.credential_types) as t
      returning 1
    )
    select (select count(*)::int from added) as members, (select count(*)::int from creds) as credentials`);
  const [row] = rowsOf<{ members: number; credentials: number }>(result);
  return { members: row?.members ?? 0, credentials: row?.credentials ?? 0 };
}
