CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "config_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"app_credential_biometry" text DEFAULT 'none' NOT NULL,
	"workstation_login_enabled" boolean DEFAULT true NOT NULL,
	"web_login_enabled" boolean DEFAULT true NOT NULL,
	"allowed" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_web" boolean DEFAULT true NOT NULL,
	"is_api" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_enrolled" boolean DEFAULT false NOT NULL,
	"windows_login" boolean DEFAULT false NOT NULL,
	"target" text,
	"secret_hash" text,
	"secret_enc" text,
	"params" jsonb,
	"counter" integer DEFAULT 0 NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"status" text,
	"confirmation_enc" text,
	"confirmation_hash" text,
	"device_model" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"public_key" text,
	"certificate" text,
	"subject" text,
	"issuer" text,
	"valid_to" timestamp with time zone,
	"fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"username" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"group_id" uuid,
	"extra_info" text DEFAULT '' NOT NULL,
	"identities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"identity_not_valid_after" timestamp with time zone,
	"blocked" boolean DEFAULT false NOT NULL,
	"blocked_by" text,
	"blocked_at" timestamp with time zone,
	"enrolled" boolean DEFAULT false NOT NULL,
	"enrolled_at" timestamp with time zone,
	"credential_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(username || ' ' || first_name || ' ' || last_name || ' ' || email)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "config_groups" ADD CONSTRAINT "config_groups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_group_id_config_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."config_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "config_groups_customer_name_idx" ON "config_groups" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "credentials_member_idx" ON "credentials" USING btree ("member_id","type");--> statement-breakpoint
CREATE INDEX "credentials_customer_idx" ON "credentials" USING btree ("customer_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_confirmation_idx" ON "credentials" USING btree ("confirmation_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "members_customer_username_idx" ON "members" USING btree ("customer_id",lower("username"));--> statement-breakpoint
CREATE INDEX "members_customer_created_idx" ON "members" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "members_customer_group_idx" ON "members" USING btree ("customer_id","group_id");--> statement-breakpoint
CREATE INDEX "members_customer_blocked_idx" ON "members" USING btree ("customer_id","blocked");--> statement-breakpoint
CREATE INDEX "members_customer_enrolled_idx" ON "members" USING btree ("customer_id","enrolled");--> statement-breakpoint
CREATE INDEX "members_customer_last_name_idx" ON "members" USING btree ("customer_id","last_name","id");--> statement-breakpoint
CREATE INDEX "members_customer_email_idx" ON "members" USING btree ("customer_id","email","id");--> statement-breakpoint
CREATE INDEX "members_credential_types_idx" ON "members" USING gin ("credential_types");--> statement-breakpoint
CREATE INDEX "members_search_trgm_idx" ON "members" USING gin ("search" gin_trgm_ops);