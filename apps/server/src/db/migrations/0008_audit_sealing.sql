DROP INDEX "audit_events_tenant_at_idx";--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "seq" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "prev_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "pos" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_unsealed_idx" ON "audit_events" USING btree ("tenant_id") WHERE seq is null;--> statement-breakpoint
CREATE INDEX "audit_events_tenant_at_idx" ON "audit_events" USING btree ("tenant_id","at","pos");