CREATE TABLE "credential_counts" (
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"total" integer NOT NULL,
	"web" integer NOT NULL,
	"workstation" integer NOT NULL,
	CONSTRAINT "credential_counts_pk" PRIMARY KEY("customer_id","type")
);
--> statement-breakpoint
CREATE TABLE "member_anchors" (
	"customer_id" uuid NOT NULL,
	"sort" text NOT NULL,
	"key_text" text NOT NULL,
	"key_time" timestamp with time zone NOT NULL,
	"member_id" uuid NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "member_anchors_pk" PRIMARY KEY("customer_id","sort","key_text","key_time","member_id")
);
--> statement-breakpoint
CREATE TABLE "member_counts" (
	"customer_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"enrolled" boolean NOT NULL,
	"blocked" boolean NOT NULL,
	"credential_kinds" integer NOT NULL,
	"windows_login" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "member_counts_pk" PRIMARY KEY("customer_id","group_id","enrolled","blocked","credential_kinds","windows_login")
);
--> statement-breakpoint
DROP INDEX "members_credential_types_idx";--> statement-breakpoint
DROP INDEX "members_customer_created_idx";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "credential_kinds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "windows_login" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "recovery_modes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "recovery_modes_active" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credential_counts" ADD CONSTRAINT "credential_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_anchors" ADD CONSTRAINT "member_anchors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_counts" ADD CONSTRAINT "member_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_customer_windows_idx" ON "members" USING btree ("customer_id","username","id") WHERE "members"."windows_login";--> statement-breakpoint
CREATE INDEX "members_customer_created_idx" ON "members" USING btree ("customer_id","created_at","id","group_id","enrolled","blocked","credential_kinds");
--> statement-breakpoint
-- Data (hand-written): the tallies of the members already stored (modules/members/tallies.ts keeps them from now on).
UPDATE "members" m SET
  "credential_kinds" = coalesce((SELECT bit_or(CASE t WHEN 'mail' THEN 1 WHEN 'sms' THEN 2 WHEN 'password' THEN 4 WHEN 'pin' THEN 8 WHEN 'app' THEN 16 WHEN 'app_biometry' THEN 32 WHEN 'totp' THEN 64 WHEN 'hotp' THEN 128 WHEN 'keypair' THEN 256 WHEN 'smartcard' THEN 512 ELSE 0 END) FROM jsonb_array_elements_text(m."credential_types") AS t), 0),
  "windows_login" = EXISTS (SELECT 1 FROM "credentials" c WHERE c."member_id" = m."id" AND c."windows_login");
--> statement-breakpoint
UPDATE "customers" c SET
  "members_count" = (SELECT count(*) FROM "members" m WHERE m."customer_id" = c."id"),
  "recovery_modes_count" = (SELECT count(*) FROM "recovery_modes" r WHERE r."customer_id" = c."id"),
  "recovery_modes_active" = (SELECT count(*) FROM "recovery_modes" r WHERE r."customer_id" = c."id" AND r."deactivated_at" IS NULL);
--> statement-breakpoint
INSERT INTO "member_counts" ("customer_id", "group_id", "enrolled", "blocked", "credential_kinds", "windows_login", "n")
SELECT "customer_id", coalesce("group_id", '00000000-0000-0000-0000-000000000000'::uuid), "enrolled", "blocked", "credential_kinds", "windows_login", count(*)
FROM "members" GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO "credential_counts" ("customer_id", "type", "total", "web", "workstation")
SELECT "customer_id", "type", count(*), count(*) FILTER (WHERE "is_web"), count(*) FILTER (WHERE "windows_login")
FROM "credentials" GROUP BY 1, 2;
--> statement-breakpoint
-- Anchors of the 'username' ordering: every 2,000th member of a customer starts a run (TALLY_TUNING.anchorRun in members/tallies.ts).
WITH r AS (
  SELECT m."customer_id", m."username" AS k, m."id", row_number() OVER (PARTITION BY m."customer_id" ORDER BY m."username", m."id") - 1 AS i
  FROM "members" m
),
runs AS (SELECT "customer_id", i / 2000 AS b, count(*)::int AS n FROM r GROUP BY 1, 2),
s AS (SELECT "customer_id", i / 2000 AS b, k, "id" FROM r WHERE i % 2000 = 0)
INSERT INTO "member_anchors" ("customer_id", "sort", "key_text", "key_time", "member_id", "n")
SELECT s."customer_id", 'username', CASE WHEN s.b = 0 THEN '' ELSE s.k END, '-infinity'::timestamptz, CASE WHEN s.b = 0 THEN '00000000-0000-0000-0000-000000000000'::uuid ELSE s."id" END, runs.n
FROM runs JOIN s ON s."customer_id" = runs."customer_id" AND s.b = runs.b;
--> statement-breakpoint
-- Anchors of the 'last_name' ordering: every 2,000th member of a customer starts a run (TALLY_TUNING.anchorRun in members/tallies.ts).
WITH r AS (
  SELECT m."customer_id", m."last_name" AS k, m."id", row_number() OVER (PARTITION BY m."customer_id" ORDER BY m."last_name", m."id") - 1 AS i
  FROM "members" m
),
runs AS (SELECT "customer_id", i / 2000 AS b, count(*)::int AS n FROM r GROUP BY 1, 2),
s AS (SELECT "customer_id", i / 2000 AS b, k, "id" FROM r WHERE i % 2000 = 0)
INSERT INTO "member_anchors" ("customer_id", "sort", "key_text", "key_time", "member_id", "n")
SELECT s."customer_id", 'last_name', CASE WHEN s.b = 0 THEN '' ELSE s.k END, '-infinity'::timestamptz, CASE WHEN s.b = 0 THEN '00000000-0000-0000-0000-000000000000'::uuid ELSE s."id" END, runs.n
FROM runs JOIN s ON s."customer_id" = runs."customer_id" AND s.b = runs.b;
--> statement-breakpoint
-- Anchors of the 'email' ordering: every 2,000th member of a customer starts a run (TALLY_TUNING.anchorRun in members/tallies.ts).
WITH r AS (
  SELECT m."customer_id", m."email" AS k, m."id", row_number() OVER (PARTITION BY m."customer_id" ORDER BY m."email", m."id") - 1 AS i
  FROM "members" m
),
runs AS (SELECT "customer_id", i / 2000 AS b, count(*)::int AS n FROM r GROUP BY 1, 2),
s AS (SELECT "customer_id", i / 2000 AS b, k, "id" FROM r WHERE i % 2000 = 0)
INSERT INTO "member_anchors" ("customer_id", "sort", "key_text", "key_time", "member_id", "n")
SELECT s."customer_id", 'email', CASE WHEN s.b = 0 THEN '' ELSE s.k END, '-infinity'::timestamptz, CASE WHEN s.b = 0 THEN '00000000-0000-0000-0000-000000000000'::uuid ELSE s."id" END, runs.n
FROM runs JOIN s ON s."customer_id" = runs."customer_id" AND s.b = runs.b;
--> statement-breakpoint
-- Anchors of the 'created_at' ordering: every 2,000th member of a customer starts a run (TALLY_TUNING.anchorRun in members/tallies.ts).
WITH r AS (
  SELECT m."customer_id", m."created_at" AS k, m."id", row_number() OVER (PARTITION BY m."customer_id" ORDER BY m."created_at", m."id") - 1 AS i
  FROM "members" m
),
runs AS (SELECT "customer_id", i / 2000 AS b, count(*)::int AS n FROM r GROUP BY 1, 2),
s AS (SELECT "customer_id", i / 2000 AS b, k, "id" FROM r WHERE i % 2000 = 0)
INSERT INTO "member_anchors" ("customer_id", "sort", "key_text", "key_time", "member_id", "n")
SELECT s."customer_id", 'created_at', '', CASE WHEN s.b = 0 THEN '-infinity'::timestamptz ELSE s.k END, CASE WHEN s.b = 0 THEN '00000000-0000-0000-0000-000000000000'::uuid ELSE s."id" END, runs.n
FROM runs JOIN s ON s."customer_id" = runs."customer_id" AND s.b = runs.b;
--> statement-breakpoint
-- Anchors of the 'enrolled_at' ordering: every 2,000th member of a customer starts a run (TALLY_TUNING.anchorRun in members/tallies.ts).
WITH r AS (
  SELECT m."customer_id", coalesce(m."enrolled_at", 'infinity'::timestamptz) AS k, m."id", row_number() OVER (PARTITION BY m."customer_id" ORDER BY coalesce(m."enrolled_at", 'infinity'::timestamptz), m."id") - 1 AS i
  FROM "members" m
),
runs AS (SELECT "customer_id", i / 2000 AS b, count(*)::int AS n FROM r GROUP BY 1, 2),
s AS (SELECT "customer_id", i / 2000 AS b, k, "id" FROM r WHERE i % 2000 = 0)
INSERT INTO "member_anchors" ("customer_id", "sort", "key_text", "key_time", "member_id", "n")
SELECT s."customer_id", 'enrolled_at', '', CASE WHEN s.b = 0 THEN '-infinity'::timestamptz ELSE s.k END, CASE WHEN s.b = 0 THEN '00000000-0000-0000-0000-000000000000'::uuid ELSE s."id" END, runs.n
FROM runs JOIN s ON s."customer_id" = runs."customer_id" AND s.b = runs.b;
