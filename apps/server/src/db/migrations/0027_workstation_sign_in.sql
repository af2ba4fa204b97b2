CREATE TABLE "offline_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"credential_id" uuid NOT NULL,
	"key_id" uuid NOT NULL,
	"machine" text NOT NULL,
	"kind" text NOT NULL,
	"refill_hash" text NOT NULL,
	"first_at" integer NOT NULL,
	"last_at" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refilled_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workstation_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"machine" text,
	"key_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workstation_sign_ins" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"key_id" uuid NOT NULL,
	"machine" text NOT NULL,
	"member_id" uuid,
	"username" text NOT NULL,
	"stages" jsonb NOT NULL,
	"terminating" text[] DEFAULT '{}' NOT NULL,
	"stage" integer DEFAULT 0 NOT NULL,
	"proved" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"answered" boolean DEFAULT false NOT NULL,
	"recovered" boolean DEFAULT false NOT NULL,
	"spent" text,
	"sent_at" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"challenge" text,
	"challenge_kind" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_approvals" ALTER COLUMN "application_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "app_approvals" ADD COLUMN "machine" text;--> statement-breakpoint
ALTER TABLE "member_sign_ins" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_sign_ins" ADD COLUMN "machine" text;--> statement-breakpoint
ALTER TABLE "offline_grants" ADD CONSTRAINT "offline_grants_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_grants" ADD CONSTRAINT "offline_grants_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_grants" ADD CONSTRAINT "offline_grants_credential_id_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_grants" ADD CONSTRAINT "offline_grants_key_id_workstation_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."workstation_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workstation_keys" ADD CONSTRAINT "workstation_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workstation_sign_ins" ADD CONSTRAINT "workstation_sign_ins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workstation_sign_ins" ADD CONSTRAINT "workstation_sign_ins_key_id_workstation_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."workstation_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workstation_sign_ins" ADD CONSTRAINT "workstation_sign_ins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offline_grants_refill_idx" ON "offline_grants" USING btree ("refill_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "offline_grants_machine_idx" ON "offline_grants" USING btree ("member_id","credential_id","machine");--> statement-breakpoint
CREATE INDEX "offline_grants_member_idx" ON "offline_grants" USING btree ("customer_id","member_id","issued_at");--> statement-breakpoint
CREATE INDEX "offline_grants_credential_idx" ON "offline_grants" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "offline_grants_key_idx" ON "offline_grants" USING btree ("key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workstation_keys_key_id_idx" ON "workstation_keys" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "workstation_keys_customer_idx" ON "workstation_keys" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "workstation_sign_ins_expires_idx" ON "workstation_sign_ins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "workstation_sign_ins_member_idx" ON "workstation_sign_ins" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "workstation_sign_ins_key_idx" ON "workstation_sign_ins" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "workstation_sign_ins_customer_idx" ON "workstation_sign_ins" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "member_sign_ins_member_channel_idx" ON "member_sign_ins" USING btree ("member_id","channel","at" DESC NULLS LAST,"id" DESC NULLS LAST);