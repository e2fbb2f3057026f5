ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_balance_after_check";--> statement-breakpoint
ALTER TABLE "wallets" DROP CONSTRAINT "wallets_balance_check";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "allowed_countries" text[];--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_allowed_countries_check" CHECK ("accounts"."allowed_countries" is null or array_to_string("accounts"."allowed_countries", ',') ~ '^([A-Z]{2}(,|$))+$');