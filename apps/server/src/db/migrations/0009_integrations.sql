CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"base_application_id" uuid,
	"client_id" text NOT NULL,
	"client_secret_hash" text,
	"redirect_uri" text DEFAULT '' NOT NULL,
	"callback_url_successful_login_flow" text DEFAULT '' NOT NULL,
	"redirect_uri_success_login_flow" text DEFAULT '' NOT NULL,
	"redirect_uri_abort_login_flow" text DEFAULT '' NOT NULL,
	"default_flow_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"application_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"flow_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"stages" jsonb NOT NULL,
	"terminating_credentials" text[] DEFAULT '{}' NOT NULL,
	"kinds" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_base_application_id_applications_id_fk" FOREIGN KEY ("base_application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_default_flow_id_flows_id_fk" FOREIGN KEY ("default_flow_id") REFERENCES "public"."flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_roles" ADD CONSTRAINT "app_roles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_roles" ADD CONSTRAINT "app_roles_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_roles" ADD CONSTRAINT "app_roles_group_id_configurations_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_roles" ADD CONSTRAINT "app_roles_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_customer_name_idx" ON "applications" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "applications_client_id_idx" ON "applications" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "applications_customer_type_idx" ON "applications" USING btree ("customer_id","type");--> statement-breakpoint
CREATE INDEX "applications_base_idx" ON "applications" USING btree ("base_application_id");--> statement-breakpoint
CREATE INDEX "applications_default_flow_idx" ON "applications" USING btree ("default_flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_roles_application_group_idx" ON "app_roles" USING btree ("application_id","group_id");--> statement-breakpoint
CREATE INDEX "app_roles_customer_name_idx" ON "app_roles" USING btree ("customer_id",lower("display_name"));--> statement-breakpoint
CREATE INDEX "app_roles_group_idx" ON "app_roles" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "app_roles_flow_idx" ON "app_roles" USING btree ("flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flows_customer_name_idx" ON "flows" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "flows_kinds_idx" ON "flows" USING gin ("kinds");