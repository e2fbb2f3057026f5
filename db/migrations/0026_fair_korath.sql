ALTER TABLE "invoices" DROP CONSTRAINT "invoices_total_check";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_kind_check";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_amount_check";--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_amount_cents" >= 0 or "invoices"."stripe_invoice_id" is not null);--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tax_check" CHECK ("invoice_lines"."tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_kind_check" CHECK ("kind" in ('subscription', 'number_fee', 'calls', 'texts', 'proration'));--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_amount_check" CHECK ("invoice_lines"."amount_cents" >= 0 or "invoice_lines"."kind" = 'proration');