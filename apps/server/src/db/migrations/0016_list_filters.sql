CREATE INDEX "configurations_customer_web_login_idx" ON "configurations" USING btree ("customer_id","web_login_enabled");--> statement-breakpoint
CREATE INDEX "configurations_customer_workstation_login_idx" ON "configurations" USING btree ("customer_id","workstation_login_enabled");--> statement-breakpoint
CREATE INDEX "configurations_customer_biometry_idx" ON "configurations" USING btree ("customer_id","app_credential_biometry");--> statement-breakpoint
CREATE INDEX "members_customer_autologon_idx" ON "members" USING btree ("customer_id","autologon");--> statement-breakpoint
CREATE INDEX "recovery_modes_customer_activated_idx" ON "recovery_modes" USING btree ("customer_id","activated_at") WHERE "recovery_modes"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "customers_reseller_la_idx" ON "customers" USING btree ("reseller_id","la_enabled");