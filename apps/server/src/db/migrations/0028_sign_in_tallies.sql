CREATE TABLE "sign_in_tallies" (
	"customer_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"day" date NOT NULL,
	"outcome" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "sign_in_tallies_pk" PRIMARY KEY("customer_id","day","channel","outcome")
);
--> statement-breakpoint
ALTER TABLE "sign_in_tallies" ADD CONSTRAINT "sign_in_tallies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;