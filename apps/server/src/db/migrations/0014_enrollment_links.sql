CREATE TABLE "enrollment_links" (
	"jti" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"last_link_request_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "enrollment_links" ADD CONSTRAINT "enrollment_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollment_links" ADD CONSTRAINT "enrollment_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrollment_links_member_idx" ON "enrollment_links" USING btree ("member_id");