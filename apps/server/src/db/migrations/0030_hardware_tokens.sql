CREATE TABLE "hardware_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"serial" text NOT NULL,
	"kind" text NOT NULL,
	"algorithm" text NOT NULL,
	"digits" integer NOT NULL,
	"period" integer,
	"counter" integer DEFAULT 0 NOT NULL,
	"manufacturer" text,
	"secret_enc" text NOT NULL,
	"credential_id" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "token_serial" text;--> statement-breakpoint
ALTER TABLE "hardware_tokens" ADD CONSTRAINT "hardware_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_tokens" ADD CONSTRAINT "hardware_tokens_credential_id_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."credentials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hardware_tokens_serial_idx" ON "hardware_tokens" USING btree ("customer_id","serial");--> statement-breakpoint
CREATE INDEX "hardware_tokens_state_idx" ON "hardware_tokens" USING btree ("customer_id","credential_id","serial") WHERE "hardware_tokens"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "hardware_tokens_retired_idx" ON "hardware_tokens" USING btree ("customer_id","serial") WHERE "hardware_tokens"."retired_at" is not null;--> statement-breakpoint
CREATE INDEX "hardware_tokens_credential_idx" ON "hardware_tokens" USING btree ("credential_id");