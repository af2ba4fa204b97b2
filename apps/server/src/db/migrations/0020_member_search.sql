CREATE TABLE "member_search" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"search" text NOT NULL
);
--> statement-breakpoint
-- The search text of every member, as members.search held it (before its index, which builds faster over a full table).
INSERT INTO "member_search" ("member_id", "customer_id", "search")
SELECT "id", "customer_id", "search" FROM "members";
--> statement-breakpoint
DROP INDEX "members_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "member_search_trgm_idx" ON "member_search" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
-- A finer sample of the texts: a LIKE's row estimate comes from how many sampled values match, and
-- at the default 100 a surname one member in twenty holds was estimated at one in a hundred (the
-- planner then joins every match to its member instead of walking the ordering's index).
ALTER TABLE "member_search" ALTER COLUMN "search" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "search";
--> statement-breakpoint
-- What the search runs on: the member's username, names and e-mail, lower-cased.
CREATE FUNCTION "member_search_text"(username text, first_name text, last_name text, email text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(username || ' ' || first_name || ' ' || last_name || ' ' || email) $$;
--> statement-breakpoint
-- The members' own trigram index, now over that text computed (no stored copy in each row): a search with other filters or a sort reads members through it.
CREATE INDEX "members_search_trgm_idx" ON "members" USING gin (member_search_text("username", "first_name", "last_name", "email") gin_trgm_ops);--> statement-breakpoint
ALTER INDEX "members_search_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
-- Inserted members, once per statement: the bulk seed and a restore's COPY add their rows in one go.
CREATE FUNCTION "member_search_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_search (member_id, customer_id, search)
  SELECT id, customer_id, member_search_text(username, first_name, last_name, email) FROM inserted_members
  ON CONFLICT (member_id) DO UPDATE SET customer_id = excluded.customer_id, search = excluded.search;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "member_search_inserted" AFTER INSERT ON "members"
REFERENCING NEW TABLE AS inserted_members FOR EACH STATEMENT EXECUTE FUNCTION "member_search_inserted"();
--> statement-breakpoint
-- Updated members, only those whose searched columns changed (the WHEN is checked without calling the function).
CREATE FUNCTION "member_search_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_search
  SET member_id = NEW.id, customer_id = NEW.customer_id,
    search = member_search_text(NEW.username, NEW.first_name, NEW.last_name, NEW.email)
  WHERE member_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "member_search_updated" AFTER UPDATE ON "members" FOR EACH ROW
WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.first_name IS DISTINCT FROM NEW.first_name
  OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.email IS DISTINCT FROM NEW.email
  OR OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.id IS DISTINCT FROM NEW.id)
EXECUTE FUNCTION "member_search_updated"();
--> statement-breakpoint
-- Deleted members, once per statement (a customer's deletion removes all of its members at once).
CREATE FUNCTION "member_search_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM member_search s USING deleted_members d WHERE s.member_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "member_search_deleted" AFTER DELETE ON "members"
REFERENCING OLD TABLE AS deleted_members FOR EACH STATEMENT EXECUTE FUNCTION "member_search_deleted"();
--> statement-breakpoint
-- A truncated members table (a restore empties every table first) leaves no search rows behind.
CREATE FUNCTION "member_search_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE member_search;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "member_search_truncated" AFTER TRUNCATE ON "members"
FOR EACH STATEMENT EXECUTE FUNCTION "member_search_truncated"();
