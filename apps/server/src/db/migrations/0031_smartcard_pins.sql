ALTER TABLE "credentials" ADD COLUMN "pin_enc" text;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "puk_enc" text;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "pin_reset_hash" text;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "pin_reset_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "pin_reset_tries" integer DEFAULT 0 NOT NULL;