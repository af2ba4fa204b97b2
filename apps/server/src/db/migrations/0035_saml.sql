CREATE TABLE "saml_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"certificate" text NOT NULL,
	"private_key_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saml_logouts" (
	"uid" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"application_id" uuid,
	"request_id" text,
	"relay_state" text,
	"browser" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saml_requests" (
	"uid" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"request_id" text,
	"acs_url" text NOT NULL,
	"relay_state" text,
	"multi_factor" boolean DEFAULT false NOT NULL,
	"browser" text NOT NULL,
	"signed_in" jsonb,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saml_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"browser" text NOT NULL,
	"member_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"name_id" text NOT NULL,
	"session_index" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "saml" jsonb;--> statement-breakpoint
ALTER TABLE "saml_keys" ADD CONSTRAINT "saml_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_logouts" ADD CONSTRAINT "saml_logouts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_logouts" ADD CONSTRAINT "saml_logouts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_requests" ADD CONSTRAINT "saml_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_requests" ADD CONSTRAINT "saml_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_sessions" ADD CONSTRAINT "saml_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_sessions" ADD CONSTRAINT "saml_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_sessions" ADD CONSTRAINT "saml_sessions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_keys_customer_idx" ON "saml_keys" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "saml_keys_active_idx" ON "saml_keys" USING btree ("customer_id") WHERE "saml_keys"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "saml_logouts_expires_idx" ON "saml_logouts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "saml_logouts_customer_idx" ON "saml_logouts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "saml_requests_expires_idx" ON "saml_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "saml_requests_application_idx" ON "saml_requests" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "saml_requests_customer_idx" ON "saml_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "saml_sessions_browser_idx" ON "saml_sessions" USING btree ("customer_id","browser");--> statement-breakpoint
CREATE UNIQUE INDEX "saml_sessions_index_idx" ON "saml_sessions" USING btree ("session_index");--> statement-breakpoint
CREATE INDEX "saml_sessions_member_idx" ON "saml_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "saml_sessions_application_idx" ON "saml_sessions" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "saml_sessions_expires_idx" ON "saml_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_saml_entity_idx" ON "applications" USING btree ("customer_id",("saml"->>'entityId')) WHERE "applications"."saml" is not null;