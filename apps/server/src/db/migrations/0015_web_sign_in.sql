CREATE TABLE "app_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credential_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"member_id" uuid,
	"application_id" uuid,
	"outcome" text NOT NULL,
	"reason" text,
	"kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_type_id_pk" PRIMARY KEY("type","id")
);
--> statement-breakpoint
CREATE TABLE "oidc_sign_ins" (
	"uid" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"member_id" uuid,
	"username" text,
	"stages" jsonb,
	"terminating" text[] DEFAULT '{}' NOT NULL,
	"stage" integer DEFAULT 0 NOT NULL,
	"proved" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"answered" boolean DEFAULT false NOT NULL,
	"recovered" boolean DEFAULT false NOT NULL,
	"spent" text,
	"sent_at" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "device_token_hash" text;--> statement-breakpoint
ALTER TABLE "app_approvals" ADD CONSTRAINT "app_approvals_credential_id_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_approvals" ADD CONSTRAINT "app_approvals_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sign_ins" ADD CONSTRAINT "member_sign_ins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sign_ins" ADD CONSTRAINT "member_sign_ins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sign_ins" ADD CONSTRAINT "member_sign_ins_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_sign_ins" ADD CONSTRAINT "oidc_sign_ins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_sign_ins" ADD CONSTRAINT "oidc_sign_ins_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_sign_ins" ADD CONSTRAINT "oidc_sign_ins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_approvals_credential_idx" ON "app_approvals" USING btree ("credential_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "app_approvals_uid_idx" ON "app_approvals" USING btree ("uid","created_at");--> statement-breakpoint
CREATE INDEX "app_approvals_application_idx" ON "app_approvals" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "app_approvals_expires_idx" ON "app_approvals" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "member_sign_ins_member_idx" ON "member_sign_ins" USING btree ("member_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_sign_ins_member_outcome_idx" ON "member_sign_ins" USING btree ("member_id","outcome","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_sign_ins_customer_idx" ON "member_sign_ins" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "member_sign_ins_application_idx" ON "member_sign_ins" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "oidc_keys_retired_idx" ON "oidc_keys" USING btree ("retired_at");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code_idx" ON "oidc_payloads" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_idx" ON "oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oidc_sign_ins_expires_idx" ON "oidc_sign_ins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oidc_sign_ins_member_idx" ON "oidc_sign_ins" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "oidc_sign_ins_application_idx" ON "oidc_sign_ins" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "oidc_sign_ins_customer_idx" ON "oidc_sign_ins" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "credentials_device_token_idx" ON "credentials" USING btree ("device_token_hash");