CREATE TABLE "admin_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_user_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_audit_log_action_check" CHECK (length("admin_audit_log"."action") > 0)
);
--> statement-breakpoint
CREATE TABLE "webhook_stats" (
	"source" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"server_errors" integer DEFAULT 0 NOT NULL,
	"signature_failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "webhook_stats_source_minute_pk" PRIMARY KEY("source","minute")
);
--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_customers" (
	"account_id" text PRIMARY KEY NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_challenge_uses" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"widget_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"account_id" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_lines_kind_check" CHECK ("kind" in ('subscription', 'number_fee', 'calls', 'texts')),
	CONSTRAINT "invoice_lines_amount_check" CHECK ("invoice_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spend_guards" (
	"account_id" text PRIMARY KEY NOT NULL,
	"auto_recharge_enabled" boolean DEFAULT false NOT NULL,
	"auto_recharge_threshold_cents" integer DEFAULT 500 NOT NULL,
	"auto_recharge_amount_cents" integer DEFAULT 2500 NOT NULL,
	"last_recharge_at" timestamp with time zone,
	"last_recharge_error" text,
	"last_recharge_failed_at" timestamp with time zone,
	"monthly_spend_cap_cents" integer,
	"cap_reached_month" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spend_guards_threshold_check" CHECK ("spend_guards"."auto_recharge_threshold_cents" >= 0),
	CONSTRAINT "spend_guards_amount_check" CHECK ("spend_guards"."auto_recharge_amount_cents" > 0),
	CONSTRAINT "spend_guards_cap_check" CHECK ("spend_guards"."monthly_spend_cap_cents" is null or "spend_guards"."monthly_spend_cap_cents" > 0),
	CONSTRAINT "spend_guards_cap_month_check" CHECK ("spend_guards"."cap_reached_month" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "trial_reminders" (
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_reminders_account_id_kind_pk" PRIMARY KEY("account_id","kind"),
	CONSTRAINT "trial_reminders_kind_check" CHECK ("kind" in ('7_days', '1_day'))
);
--> statement-breakpoint
CREATE TABLE "support_ticket_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_id" text NOT NULL,
	"user_id" text,
	"from_support" boolean DEFAULT false NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_attachments_size_check" CHECK ("support_ticket_attachments"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "ivr_live_versions" (
	"account_id" text PRIMARY KEY NOT NULL,
	"version_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ivr_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	CONSTRAINT "ivr_versions_account_version_key" UNIQUE("account_id","version"),
	CONSTRAINT "ivr_versions_id_account_key" UNIQUE("id","account_id"),
	CONSTRAINT "ivr_versions_version_check" CHECK ("ivr_versions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_purpose_check";--> statement-breakpoint
DROP INDEX "invoices_invoice_number_key";--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "two_factor_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "hosted_invoice_url" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "stripe_price_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_plan_name" text;--> statement-breakpoint
ALTER TABLE "ivr_menus" ADD COLUMN "greeting_voice" text DEFAULT 'man' NOT NULL;--> statement-breakpoint
ALTER TABLE "ivr_menus" ADD COLUMN "greeting_language" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_challenge_uses" ADD CONSTRAINT "widget_challenge_uses_widget_id_widget_configurations_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widget_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_guards" ADD CONSTRAINT "spend_guards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_reminders" ADD CONSTRAINT "trial_reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_attachments" ADD CONSTRAINT "support_ticket_attachments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_attachments" ADD CONSTRAINT "support_ticket_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_live_versions" ADD CONSTRAINT "ivr_live_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_live_versions" ADD CONSTRAINT "ivr_live_versions_version_fk" FOREIGN KEY ("version_id","account_id") REFERENCES "public"."ivr_versions"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_versions" ADD CONSTRAINT "ivr_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_versions" ADD CONSTRAINT "ivr_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_actor_idx" ON "admin_audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_idx" ON "admin_audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "webhook_stats_minute_idx" ON "webhook_stats" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "two_factor_recovery_codes_user_idx" ON "two_factor_recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customers_stripe_customer_id_key" ON "billing_customers" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "widget_challenge_uses_expires_idx" ON "widget_challenge_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_position_key" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "trial_reminders_account_idx" ON "trial_reminders" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "support_ticket_attachments_ticket_idx" ON "support_ticket_attachments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_account_number_key" ON "invoices" USING btree ("account_id","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_account_period_key" ON "invoices" USING btree ("account_id","period") WHERE "invoices"."period" is not null;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_purpose_check" CHECK ("purpose" in ('confirm_email', 'reset_password', 'change_email'));