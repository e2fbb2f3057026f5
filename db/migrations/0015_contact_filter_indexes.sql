CREATE INDEX "contacts_account_name_idx" ON "contacts" USING btree ("account_id","name","id");--> statement-breakpoint
CREATE INDEX "contacts_account_lead_status_created_idx" ON "contacts" USING btree ("account_id","lead_status","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_account_type_created_idx" ON "contacts" USING btree ("account_id","contact_type","created_at","id");