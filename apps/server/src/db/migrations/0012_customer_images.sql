CREATE TABLE "customer_images" (
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"media_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_images_customer_id_kind_pk" PRIMARY KEY("customer_id","kind")
);
--> statement-breakpoint
ALTER TABLE "customer_images" ADD CONSTRAINT "customer_images_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;