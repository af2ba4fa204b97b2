ALTER TABLE "member_anchors" ADD COLUMN "tallies" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- Data (hand-written): the anchors are laid again as migration 0017 laid them, each now with the
-- tallies of its run (ANCHOR_TALLIES in modules/members/tallies.ts: blocked, enrolled, then each
-- credential kind by its bit), which members/tallies.ts keeps from now on.
DELETE FROM "member_anchors";
--> statement-breakpoint
-- Anchors of the 'username' ordering: every 2,000th member of a customer starts a run (TALLY_TUNING.anchorRun).
WITH r AS (
  SELECT m."customer_id", "username" AS k, m."id", m."blocked", m."enrolled", m."credential_kinds",
    row_number() OVER (PARTITION BY m."customer_id" ORDER BY "username", m."id") - 1 AS i
  FROM "members" m
),
runs AS (SELECT "customer_id", i / 2000 AS b, count(*)::int AS n, ARRAY[count(*) FILTER (WHERE blocked), count(*) FILTER (WHERE enrolled), count(*) FILTER (WHERE credential_kinds & 1 <> 0), count(*) FILTER (WHERE credential_kinds & 2 <> 0), count(*) FILTER (WHERE credential_kinds & 4 <> 0), count(*) FILTER (WHERE credential_kinds & 8 <> 0), count(*) FILTER (WHERE credential_kinds & 16 <> 0), count(*) FILTER (WHERE credential_kinds & 32 <> 0), count(*) FILTER (WHERE credential_kinds & 64 <> 0), count(*) FILTER (WHERE credential_kinds & 128 <> 0), count(*) FILTER (WHERE credential_kinds & 256 <> 0), count(*) FILTER (WHERE credential_kinds & 512 <> 0)]::int[] AS tallies FROM r GROUP BY 1, 2),
s AS (SELECT "customer_id", i / 2000 AS b, k, "id" FROM r WHERE i % 2000 = 0)
INSERT INTO "member_anchors" ("customer_id", "sort", "key_text", "key_time", "member_id", "n", "tallies")
SELECT s."customer_id", 'username', CASE WHEN s.b = 0 THEN '' ELSE s.k END, '-infinity'::timestamptz, CASE WHEN s.b = 0 THEN '00000000-0000-0000-0000-000000000000'::uuid ELSE s."id" END, runs.n, runs.tallies
FROM runs JOIN s ON s."customer_id" = runs."customer_id" AND s.b = runs.b;
--> statement-breakpoint
-- Anchors of the 'last_name' ordering: every 2,000th member of a customer starts a run (TALLY_TUNING.anchorRun).
WITH r AS (
  SELECT m."customer_id", "last_name" AS k, m."id", m."blocked", m."enrolled", m."credential_kinds",
    row_number() OVER (PARTITION BY m."customer_id" ORDER BY "last_name", m."id") - 1 AS i
  FROM "members" m
),
runs AS (SELECT "customer_id", i / 2000 AS b, count(*)::int AS n, ARRAY[count(*) FILTER (WHERE blocked), count(*) FILTER (WHERE enrolled), count(*) FILTER (WHERE credential_kinds & 1 <> 0), count(*) FILTER (WHERE credential_kinds & 2 <> 0), count(*) FILTER (WHERE credential_kinds & 4 <> 0), count(*) FILTER (WHERE credential_kinds & 8 <> 0), count(*) FILTER (WHERE credential_kinds & 16 <> 0), count(*) FILTER (WHERE credential_kinds & 32 <> 0), count(*) FILTER (WHERE credential_kinds & 64 <> 0), count(*) FILTER (WHERE credential_kinds & 128 <> 0), count(*) FILTER (WHERE credential_kinds & 256 <> 0), count(*) FILTER (WHERE credential_kinds & 512 <> 0)]::int[] AS tallies FROM r GROUP BY 1, 2),
s AS (SELECT "customer_id", i / 2000 AS b, k, "id" FROM r WHERE i % 2000 = 0)
INSERT INTO "member_anchors" ("customer_id", "sort", "key_text", "key_time", "member_id", "n", "tallies")
SELECT s."customer_id", 'last_name', CASE WHEN s.b = 0 THEN '' ELSE s.k END, '-infinity'::timestamptz, CASE WHEN s.b = 0 THEN '00000000-0000-0000-0000-000000000000'::uuid ELSE s."id" END, runs.n, runs.tallies
FROM runs JOIN s ON s."customer_id" = runs."customer_id" AND s.b = runs.b;
--> statement-breakpoint
-- Anchors of the 'email' ordering: every 2,000th member of a customer starts a run (TALLY_TUNING.anchorRun).
WITH r AS (
  SELECT m."customer_id", "email" AS k, m."id", m."blocked", m."enrolled", m."credential_kinds",
    row_number() OVER (PARTITION BY m."customer_id" ORDER BY "email", m."id") - 1 AS i
  FROM "members" m
),
runs AS (SELECT "customer_id", i / 2000 AS b, count(*)::int AS n, ARRAY[count(*) FILTER (WHERE blocked), count(*) FILTER (WHERE enrolled), count(*) FILTER (WHERE credential_kinds & 1 <> 0), count(*) FILTER (WHERE credential_kinds & 2 <> 0), count(*) FILTER (WHERE credential_kinds & 4 <> 0), count(*) FILTER (WHERE credential_kinds & 8 <> 0), count(*) FILTER (WHERE credential_kinds & 16 <> 0), count(*) FILTER (WHERE credential_kinds & 32 <> 0), count(*) FILTER (WHERE credential_kinds & 64 <> 0), count(*) FILTER (WHERE credential_kinds & 128 <> 0), count(*) FILTER (WHERE credential_kinds & 256 <> 0), count(*) FILTER (WHERE credential_kinds & 512 <> 0)]::int[] AS tallies FROM r GROUP BY 1, 2),
s AS (SELECT "customer_id", i / 2000 AS b, k, "id" FROM r WHERE i % 2000 = 0)
INSERT INTO "member_anchors" ("customer_id", "sort", "key_text", "key_time", "member_id", "n", "tallies")
SELECT s."customer_id", 'email', CASE WHEN s.b = 0 THEN '' ELSE s.k END, '-infinity'::timestamptz, CASE WHEN s.b = 0 THEN '00000000-0000-0000-0000-000000000000'::uuid ELSE s."id" END, runs.n, runs.tallies
FROM runs JOIN s ON s."customer_id" = runs."customer_id" AND s.b = runs.b;
--> statement-breakpoint
-- Anchors of the 'created_at' ordering: every 2,000th member of a customer starts a run (TALLY_TUNING.anchorRun).
WITH r AS (
  SELECT m."customer_id", "created_at" AS k, m."id", m."blocked", m."enrolled", m."credential_kinds",
    row_number() OVER (PARTITION BY m."customer_id" ORDER BY "created_at", m."id") - 1 AS i
  FROM "members" m
),
runs AS (SELECT "customer_id", i / 2000 AS b, count(*)::int AS n, ARRAY[count(*) FILTER (WHERE blocked), count(*) FILTER (WHERE enrolled), count(*) FILTER (WHERE credential_kinds & 1 <> 0), count(*) FILTER (WHERE credential_kinds & 2 <> 0), count(*) FILTER (WHERE credential_kinds & 4 <> 0), count(*) FILTER (WHERE credential_kinds & 8 <> 0), count(*) FILTER (WHERE credential_kinds & 16 <> 0), count(*) FILTER (WHERE credential_kinds & 32 <> 0), count(*) FILTER (WHERE credential_kinds & 64 <> 0), count(*) FILTER (WHERE credential_kinds & 128 <> 0), count(*) FILTER (WHERE credential_kinds & 256 <> 0), count(*) FILTER (WHERE credential_kinds & 512 <> 0)]::int[] AS tallies FROM r GROUP BY 1, 2),
s AS (SELECT "customer_id", i / 2000 AS b, k, "id" FROM r WHERE i % 2000 = 0)
INSERT INTO "member_anchors" ("customer_id", "sort", "key_text", "key_time", "member_id", "n", "tallies")
SELECT s."customer_id", 'created_at', '', CASE WHEN s.b = 0 THEN '-infinity'::timestamptz ELSE s.k END, CASE WHEN s.b = 0 THEN '00000000-0000-0000-0000-000000000000'::uuid ELSE s."id" END, runs.n, runs.tallies
FROM runs JOIN s ON s."customer_id" = runs."customer_id" AND s.b = runs.b;
--> statement-breakpoint
-- Anchors of the 'enrolled_at' ordering: every 2,000th member of a customer starts a run (TALLY_TUNING.anchorRun).
WITH r AS (
  SELECT m."customer_id", coalesce("enrolled_at", 'infinity'::timestamptz) AS k, m."id", m."blocked", m."enrolled", m."credential_kinds",
    row_number() OVER (PARTITION BY m."customer_id" ORDER BY coalesce("enrolled_at", 'infinity'::timestamptz), m."id") - 1 AS i
  FROM "members" m
),
runs AS (SELECT "customer_id", i / 2000 AS b, count(*)::int AS n, ARRAY[count(*) FILTER (WHERE blocked), count(*) FILTER (WHERE enrolled), count(*) FILTER (WHERE credential_kinds & 1 <> 0), count(*) FILTER (WHERE credential_kinds & 2 <> 0), count(*) FILTER (WHERE credential_kinds & 4 <> 0), count(*) FILTER (WHERE credential_kinds & 8 <> 0), count(*) FILTER (WHERE credential_kinds & 16 <> 0), count(*) FILTER (WHERE credential_kinds & 32 <> 0), count(*) FILTER (WHERE credential_kinds & 64 <> 0), count(*) FILTER (WHERE credential_kinds & 128 <> 0), count(*) FILTER (WHERE credential_kinds & 256 <> 0), count(*) FILTER (WHERE credential_kinds & 512 <> 0)]::int[] AS tallies FROM r GROUP BY 1, 2),
s AS (SELECT "customer_id", i / 2000 AS b, k, "id" FROM r WHERE i % 2000 = 0)
INSERT INTO "member_anchors" ("customer_id", "sort", "key_text", "key_time", "member_id", "n", "tallies")
SELECT s."customer_id", 'enrolled_at', '', CASE WHEN s.b = 0 THEN '-infinity'::timestamptz ELSE s.k END, CASE WHEN s.b = 0 THEN '00000000-0000-0000-0000-000000000000'::uuid ELSE s."id" END, runs.n, runs.tallies
FROM runs JOIN s ON s."customer_id" = runs."customer_id" AND s.b = runs.b;
--> statement-breakpoint
ALTER TABLE "member_anchors" ALTER COLUMN "tallies" DROP DEFAULT;
