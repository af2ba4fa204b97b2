CREATE TABLE "assistant_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"member_id" uuid,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"stages" jsonb,
	"terminating" text[],
	"stage" integer DEFAULT 0 NOT NULL,
	"username" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"app_id" uuid,
	"parent_id" uuid,
	"unlocked_apps" uuid[] DEFAULT '{}' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "la_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"profile_id" uuid,
	"profiles_count" integer DEFAULT 0 NOT NULL,
	"login_groups_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "la_flows" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"stages" jsonb NOT NULL,
	"terminating_credentials" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "la_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"login_group_id" uuid NOT NULL,
	"username" text NOT NULL,
	"password_enc" text NOT NULL,
	"password_generated" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"autologon" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_group_apps" (
	"login_group_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_group_apps_login_group_id_app_id_pk" PRIMARY KEY("login_group_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "login_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"credentials_count" integer DEFAULT 0 NOT NULL,
	"applications_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"app_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"flow_id" uuid,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_sessions" ADD CONSTRAINT "assistant_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_sessions" ADD CONSTRAINT "assistant_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "la_apps" ADD CONSTRAINT "la_apps_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "la_flows" ADD CONSTRAINT "la_flows_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "la_users" ADD CONSTRAINT "la_users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "la_users" ADD CONSTRAINT "la_users_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "la_users" ADD CONSTRAINT "la_users_login_group_id_login_groups_id_fk" FOREIGN KEY ("login_group_id") REFERENCES "public"."login_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_group_apps" ADD CONSTRAINT "login_group_apps_login_group_id_login_groups_id_fk" FOREIGN KEY ("login_group_id") REFERENCES "public"."login_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_group_apps" ADD CONSTRAINT "login_group_apps_app_id_la_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."la_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_group_apps" ADD CONSTRAINT "login_group_apps_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_groups" ADD CONSTRAINT "login_groups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_app_id_la_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."la_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_group_id_configurations_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_sessions_token_idx" ON "assistant_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "assistant_sessions_expires_idx" ON "assistant_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "assistant_sessions_member_idx" ON "assistant_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "assistant_sessions_parent_idx" ON "assistant_sessions" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "la_apps_customer_name_idx" ON "la_apps" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "la_apps_customer_kind_idx" ON "la_apps" USING btree ("customer_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "la_users_member_group_idx" ON "la_users" USING btree ("member_id","login_group_id");--> statement-breakpoint
CREATE INDEX "la_users_group_idx" ON "la_users" USING btree ("login_group_id","created_at");--> statement-breakpoint
CREATE INDEX "la_users_customer_created_idx" ON "la_users" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "login_group_apps_app_idx" ON "login_group_apps" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "login_groups_customer_name_idx" ON "login_groups" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_app_group_idx" ON "profiles" USING btree ("app_id","group_id");--> statement-breakpoint
CREATE INDEX "profiles_customer_name_idx" ON "profiles" USING btree ("customer_id",lower("display_name"));--> statement-breakpoint
CREATE INDEX "profiles_group_idx" ON "profiles" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "profiles_flow_idx" ON "profiles" USING btree ("flow_id");