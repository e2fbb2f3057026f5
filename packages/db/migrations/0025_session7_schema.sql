CREATE TABLE "verified_numbers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"e164" text NOT NULL,
	"verified_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"channel" text,
	"code_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verified_numbers_e164_check" CHECK ("e164" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "verified_numbers_code_attempts_check" CHECK ("verified_numbers"."code_attempts" >= 0),
	CONSTRAINT "verified_numbers_channel_check" CHECK ("channel" in ('sms', 'call')),
	CONSTRAINT "verified_numbers_code_check" CHECK (("verified_numbers"."code_hash" is null) = ("verified_numbers"."code_expires_at" is null))
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_total_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_balance_after_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transaction_type_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign_check";--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_balance_check";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_kind_check";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_amount_check";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "allowed_countries" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "verified_numbers" ADD CONSTRAINT "verified_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verified_numbers_account_e164_key" ON "verified_numbers" USING btree ("account_id","e164");--> statement-breakpoint
CREATE INDEX "verified_numbers_e164_idx" ON "verified_numbers" USING btree ("e164");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_allowed_countries_check" CHECK ("accounts"."allowed_countries" is null or array_to_string("accounts"."allowed_countries", ',') ~ '^([A-Z]{2}(,|$))+$');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_amount_cents" >= 0 or "invoices"."stripe_invoice_id" is not null);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_type_check" CHECK ("transaction_type" in ('top_up', 'call_charge', 'sms_charge', 'number_fee', 'subscription_fee', 'refund', 'adjustment', 'top_up_refund', 'dispute_hold', 'dispute_release', 'dispute_loss'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign_check" CHECK (("ledger_entries"."transaction_type" in ('top_up', 'refund', 'dispute_release') and "ledger_entries"."amount_cents" > 0)
        or ("ledger_entries"."transaction_type" in ('call_charge', 'sms_charge', 'number_fee', 'subscription_fee', 'top_up_refund', 'dispute_hold', 'dispute_loss') and "ledger_entries"."amount_cents" < 0)
        or "ledger_entries"."transaction_type" = 'adjustment');--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tax_check" CHECK ("invoice_lines"."tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_kind_check" CHECK ("kind" in ('subscription', 'number_fee', 'calls', 'texts', 'proration'));--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_amount_check" CHECK ("invoice_lines"."amount_cents" >= 0 or "invoice_lines"."kind" = 'proration');