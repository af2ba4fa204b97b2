CREATE TABLE "radius_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" "inet" NOT NULL,
	"application_id" uuid NOT NULL,
	"secret_sealed" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"require_message_authenticator" boolean DEFAULT true NOT NULL,
	"approval_wait" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "radius_sign_ins" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
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
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_roles" ADD COLUMN "radius_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "radius_clients" ADD CONSTRAINT "radius_clients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radius_clients" ADD CONSTRAINT "radius_clients_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radius_sign_ins" ADD CONSTRAINT "radius_sign_ins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radius_sign_ins" ADD CONSTRAINT "radius_sign_ins_client_id_radius_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."radius_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radius_sign_ins" ADD CONSTRAINT "radius_sign_ins_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radius_sign_ins" ADD CONSTRAINT "radius_sign_ins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "radius_clients_customer_idx" ON "radius_clients" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "radius_clients_application_idx" ON "radius_clients" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "radius_clients_address_idx" ON "radius_clients" USING gist ("address" inet_ops);--> statement-breakpoint
CREATE INDEX "radius_sign_ins_expires_idx" ON "radius_sign_ins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "radius_sign_ins_member_idx" ON "radius_sign_ins" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "radius_sign_ins_client_idx" ON "radius_sign_ins" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "radius_sign_ins_application_idx" ON "radius_sign_ins" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "radius_sign_ins_customer_idx" ON "radius_sign_ins" USING btree ("customer_id");