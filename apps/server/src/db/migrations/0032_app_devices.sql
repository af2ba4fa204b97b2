DROP INDEX "credentials_device_token_idx";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "reported_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_approvals" ADD COLUMN "number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_approvals" ADD COLUMN "choices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app_approvals" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "app_approvals" ADD COLUMN "denial" text;--> statement-breakpoint
ALTER TABLE "credentials" DROP COLUMN "device_token_hash";