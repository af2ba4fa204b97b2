ALTER TABLE "configurations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "configurations" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "scim_managed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "scim_enterprise" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "configurations_customer_external_id_idx" ON "configurations" USING btree ("customer_id","external_id") WHERE "configurations"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "members_customer_external_id_idx" ON "members" USING btree ("customer_id","external_id") WHERE "members"."external_id" is not null;--> statement-breakpoint
-- SCIM's meta.lastModified: moved by whoever changes what SCIM shows of a member or a group (the
-- console, the API, SCIM itself), and by nothing else (sign-ins update other columns; a write of
-- the same values is no change).
CREATE FUNCTION "touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" := now();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "members_touch_updated_at" BEFORE UPDATE OF
  "username", "first_name", "last_name", "email", "phone_number", "group_id", "blocked", "external_id", "scim_enterprise"
  ON "members" FOR EACH ROW
  WHEN (OLD."username" IS DISTINCT FROM NEW."username" OR OLD."first_name" IS DISTINCT FROM NEW."first_name"
    OR OLD."last_name" IS DISTINCT FROM NEW."last_name" OR OLD."email" IS DISTINCT FROM NEW."email"
    OR OLD."phone_number" IS DISTINCT FROM NEW."phone_number" OR OLD."group_id" IS DISTINCT FROM NEW."group_id"
    OR OLD."blocked" IS DISTINCT FROM NEW."blocked" OR OLD."external_id" IS DISTINCT FROM NEW."external_id"
    OR OLD."scim_enterprise" IS DISTINCT FROM NEW."scim_enterprise")
  EXECUTE FUNCTION "touch_updated_at"();
--> statement-breakpoint
CREATE TRIGGER "configurations_touch_updated_at" BEFORE UPDATE OF "name", "external_id"
  ON "configurations" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."external_id" IS DISTINCT FROM NEW."external_id")
  EXECUTE FUNCTION "touch_updated_at"();
--> statement-breakpoint
-- A group's version (SCIM's ETag and meta.lastModified) covers its members: a member joining or
-- leaving moves the group's updated_at. Once per statement over the rows it changed (transition
-- tables), so assigning thousands of members touches each group once. Not while a backup is
-- restored (backup/postgres.ts sets portiere.restoring for its transaction).
CREATE FUNCTION "members_touch_groups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore loads members as they were: their groups keep the updated_at the backup holds.
  IF current_setting('portiere.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE "configurations" SET "updated_at" = now()
    WHERE "id" IN (SELECT DISTINCT "group_id" FROM "new_rows" WHERE "group_id" IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "configurations" SET "updated_at" = now()
    WHERE "id" IN (SELECT DISTINCT "group_id" FROM "old_rows" WHERE "group_id" IS NOT NULL);
  ELSE
    UPDATE "configurations" SET "updated_at" = now()
    WHERE "id" IN (
      SELECT unnest(ARRAY[o."group_id", n."group_id"])
      FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
      WHERE o."group_id" IS DISTINCT FROM n."group_id"
    );
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "members_touch_groups_inserted" AFTER INSERT ON "members"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "members_touch_groups"();
--> statement-breakpoint
CREATE TRIGGER "members_touch_groups_updated" AFTER UPDATE ON "members"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "members_touch_groups"();
--> statement-breakpoint
CREATE TRIGGER "members_touch_groups_deleted" AFTER DELETE ON "members"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "members_touch_groups"();
