CREATE TABLE "la_scripts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "staff_users_customer_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "members_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "api_key_id" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "email_change_hash" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "email_change_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "la_scripts" ADD CONSTRAINT "la_scripts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "la_scripts_customer_uploaded_idx" ON "la_scripts" USING btree ("customer_id","uploaded_at","id");--> statement-breakpoint
CREATE INDEX "la_scripts_customer_name_idx" ON "la_scripts" USING btree ("customer_id","name");--> statement-breakpoint
-- Customer names become unique per reseller: any earlier duplicate gets its id appended.
UPDATE "customers" SET "name" = "name" || ' (' || "id" || ')' WHERE EXISTS (SELECT 1 FROM "customers" AS "o" WHERE "o"."reseller_id" = "customers"."reseller_id" AND lower("o"."name") = lower("customers"."name") AND "o"."id" < "customers"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_reseller_name_idx" ON "customers" USING btree ("reseller_id",lower("name"));--> statement-breakpoint
CREATE INDEX "staff_users_customer_email_idx" ON "staff_users" USING btree ("customer_id","email","id");--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_api_key_id_unique" UNIQUE("api_key_id");--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_email_change_hash_unique" UNIQUE("email_change_hash");--> statement-breakpoint
-- The members counter starts from the members there are; the members service keeps it from here.
UPDATE "customers" SET "members_count" = (SELECT count(*) FROM "members" WHERE "members"."customer_id" = "customers"."id");--> statement-breakpoint
-- A key stored before keys had ids cannot be found any more: it is dropped (a reset makes a new one).
UPDATE "staff_users" SET "api_key_hash" = NULL WHERE "api_key_id" IS NULL;
