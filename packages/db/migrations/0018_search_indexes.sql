CREATE TABLE "contact_tags" (
	"account_id" text NOT NULL,
	"tag" text NOT NULL,
	"contact_id" text NOT NULL,
	CONSTRAINT "contact_tags_pkey" PRIMARY KEY("account_id","tag","contact_id")
);
--> statement-breakpoint
DROP INDEX "invoices_account_issue_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_wallet_created_idx";--> statement-breakpoint
DROP INDEX "feature_requests_created_idx";--> statement-breakpoint
DROP INDEX "form_submissions_crm_created_idx";--> statement-breakpoint
DROP INDEX "phone_number_requests_created_idx";--> statement-breakpoint
DROP INDEX "support_tickets_account_updated_idx";--> statement-breakpoint
DROP INDEX "support_tickets_status_idx";--> statement-breakpoint
DROP INDEX "voicemails_account_created_idx";--> statement-breakpoint
DROP INDEX "voicemails_unread_idx";--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_tags_contact_idx" ON "contact_tags" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contacts_account_lead_status_created_idx" ON "contacts" USING btree ("account_id","lead_status","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_account_type_created_idx" ON "contacts" USING btree ("account_id","contact_type","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_tags_idx" ON "contacts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("name" gin_trgm_ops,"phone" gin_trgm_ops,"email" gin_trgm_ops,"company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "call_logs_search_idx" ON "call_logs" USING gin ("from_number" gin_trgm_ops,"to_number" gin_trgm_ops,"notes" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_account_peer_idx" ON "messages" USING btree ("account_id","peer_number");--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("peer_number" gin_trgm_ops,"our_number" gin_trgm_ops,"body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "voicemails_search_idx" ON "voicemails" USING gin ("from_number" gin_trgm_ops,"transcription" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_account_issue_idx" ON "invoices" USING btree ("account_id","issue_date");--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet_created_idx" ON "ledger_entries" USING btree ("wallet_id","created_at");--> statement-breakpoint
CREATE INDEX "feature_requests_created_idx" ON "feature_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_crm_created_idx" ON "form_submissions_crm" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "phone_number_requests_created_idx" ON "phone_number_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_account_updated_idx" ON "support_tickets" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "voicemails_account_created_idx" ON "voicemails" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "voicemails_unread_idx" ON "voicemails" USING btree ("account_id","created_at","id") WHERE status = 'unread';