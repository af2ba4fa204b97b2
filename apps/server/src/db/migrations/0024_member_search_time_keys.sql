-- The search rows also hold the keys of the two time orderings (created_at, and enrolled_at with
-- never-enrolled members as 'infinity', the anchors' key), so that a page of a search in either
-- is counted and sorted from these rows in one pass (modules/members/seek.ts), as one by last
-- name already was. Before, a deep page walked the ordering's index over the members' wide rows
-- (the commonest surname's middle page, newest first: 248 ms p95 at a million members). Built
-- afresh, as in 0021 and 0022: an update in place would leave every old row dead.
DROP TABLE "member_search";--> statement-breakpoint
CREATE TABLE "member_search" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"enrolled_key" timestamp with time zone NOT NULL,
	"credential_kinds" integer NOT NULL,
	"enrolled" boolean NOT NULL,
	"blocked" boolean NOT NULL,
	"windows_login" boolean NOT NULL,
	"last_name" text NOT NULL,
	"search" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "member_search" ("member_id", "customer_id", "created_at", "enrolled_key", "credential_kinds", "enrolled", "blocked", "windows_login", "last_name", "search")
SELECT "id", "customer_id", "created_at", coalesce("enrolled_at", 'infinity'::timestamptz), "credential_kinds", "enrolled",
  "blocked", "windows_login", "last_name", member_search_text("username", "first_name", "last_name", "email")
FROM "members";
--> statement-breakpoint
CREATE INDEX "member_search_trgm_idx" ON "member_search" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "member_search" ALTER COLUMN "search" SET STATISTICS 1000;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "member_search_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_search (member_id, customer_id, created_at, enrolled_key, credential_kinds, enrolled, blocked,
    windows_login, last_name, search)
  SELECT id, customer_id, created_at, coalesce(enrolled_at, 'infinity'::timestamptz), credential_kinds, enrolled, blocked,
    windows_login, last_name, member_search_text(username, first_name, last_name, email)
  FROM inserted_members
  ON CONFLICT (member_id) DO UPDATE
  SET customer_id = excluded.customer_id, created_at = excluded.created_at, enrolled_key = excluded.enrolled_key,
    credential_kinds = excluded.credential_kinds, enrolled = excluded.enrolled, blocked = excluded.blocked,
    windows_login = excluded.windows_login, last_name = excluded.last_name, search = excluded.search;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "member_search_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_search
  SET member_id = NEW.id, customer_id = NEW.customer_id, created_at = NEW.created_at,
    enrolled_key = coalesce(NEW.enrolled_at, 'infinity'::timestamptz), credential_kinds = NEW.credential_kinds,
    enrolled = NEW.enrolled, blocked = NEW.blocked, windows_login = NEW.windows_login, last_name = NEW.last_name,
    search = member_search_text(NEW.username, NEW.first_name, NEW.last_name, NEW.email)
  WHERE member_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Fired also when a copied key changes (not for the group, nor the other columns).
DROP TRIGGER "member_search_updated" ON "members";--> statement-breakpoint
CREATE TRIGGER "member_search_updated" AFTER UPDATE ON "members" FOR EACH ROW
WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.first_name IS DISTINCT FROM NEW.first_name
  OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.email IS DISTINCT FROM NEW.email
  OR OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.id IS DISTINCT FROM NEW.id
  OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.enrolled_at IS DISTINCT FROM NEW.enrolled_at
  OR OLD.credential_kinds IS DISTINCT FROM NEW.credential_kinds OR OLD.enrolled IS DISTINCT FROM NEW.enrolled
  OR OLD.blocked IS DISTINCT FROM NEW.blocked OR OLD.windows_login IS DISTINCT FROM NEW.windows_login)
EXECUTE FUNCTION "member_search_updated"();
--> statement-breakpoint
-- The planner's statistics of the new rows (the search text's, target 1,000), which the
-- sorted search reads before choosing its path (seek.ts plannedRows).
ANALYZE "member_search";
