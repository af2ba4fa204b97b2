DROP INDEX "members_customer_username_order_idx";--> statement-breakpoint
DROP INDEX "members_customer_enrolled_at_idx";--> statement-breakpoint
DROP INDEX "members_customer_last_name_idx";--> statement-breakpoint
DROP INDEX "members_customer_email_idx";--> statement-breakpoint
CREATE INDEX "members_customer_username_order_idx" ON "members" USING btree ("customer_id","username","id","group_id","enrolled","blocked","credential_kinds","created_at");--> statement-breakpoint
CREATE INDEX "members_customer_enrolled_at_idx" ON "members" USING btree ("customer_id",coalesce("enrolled_at", 'infinity'::timestamptz),"id","group_id","enrolled","blocked","credential_kinds","created_at");--> statement-breakpoint
CREATE INDEX "members_customer_last_name_idx" ON "members" USING btree ("customer_id","last_name","id","group_id","enrolled","blocked","credential_kinds","created_at");--> statement-breakpoint
CREATE INDEX "members_customer_email_idx" ON "members" USING btree ("customer_id","email","id","group_id","enrolled","blocked","credential_kinds","created_at");