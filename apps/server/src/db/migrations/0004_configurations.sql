ALTER TABLE "config_groups" RENAME TO "configurations";--> statement-breakpoint
ALTER TABLE "configurations" DROP CONSTRAINT "config_groups_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "members" DROP CONSTRAINT "members_group_id_config_groups_id_fk";
--> statement-breakpoint
DROP INDEX "config_groups_customer_name_idx";--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_group_id_configurations_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."configurations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "configurations_customer_name_idx" ON "configurations" USING btree ("customer_id","name");