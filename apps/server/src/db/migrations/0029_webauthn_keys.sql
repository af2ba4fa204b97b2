ALTER TABLE "credentials" ADD COLUMN "webauthn_id" text;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "cose_public_key" text;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "aaguid" text;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "cloned_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_webauthn_idx" ON "credentials" USING btree ("customer_id","webauthn_id");