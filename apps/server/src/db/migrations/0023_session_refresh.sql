-- A session's refresh token is kept in its row (auth/tokens.ts): a rotation updates two columns
-- no index covers, in place on the row's page (a HOT update), where it inserted a token row
-- with three indexes and marked the one before. Sessions open at the upgrade keep their access
-- tokens until these expire (15 minutes), then sign in again: their refresh tokens end here.
DROP TABLE "refresh_tokens" CASCADE;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "refresh_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "refresh_nonce_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "refresh_expires_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ALTER COLUMN "refresh_nonce_hash" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "staff_sessions" ALTER COLUMN "refresh_expires_at" DROP DEFAULT;--> statement-breakpoint
-- Room on each page for the rows' next versions, so that a rotation stays on its page.
ALTER TABLE "staff_sessions" SET (fillfactor = 70);
