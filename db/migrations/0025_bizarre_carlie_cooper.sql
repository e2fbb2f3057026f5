ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transaction_type_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_sign_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_balance_after_check";--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_balance_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_type_check" CHECK ("transaction_type" in ('top_up', 'call_charge', 'sms_charge', 'number_fee', 'subscription_fee', 'refund', 'adjustment', 'top_up_refund', 'dispute_hold', 'dispute_release', 'dispute_loss'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign_check" CHECK (("ledger_entries"."transaction_type" in ('top_up', 'refund', 'dispute_release') and "ledger_entries"."amount_cents" > 0)
        or ("ledger_entries"."transaction_type" in ('call_charge', 'sms_charge', 'number_fee', 'subscription_fee', 'top_up_refund', 'dispute_hold', 'dispute_loss') and "ledger_entries"."amount_cents" < 0)
        or "ledger_entries"."transaction_type" = 'adjustment');--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_balance_after_check" CHECK ("ledger_entries"."balance_after_cents" >= 0 or "ledger_entries"."amount_cents" > 0
        or "ledger_entries"."transaction_type" in ('top_up_refund', 'dispute_hold', 'dispute_loss'));