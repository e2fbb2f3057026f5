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
DROP INDEX "invoices_invoice_number_key";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_plan_name" text;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_guards" ADD CONSTRAINT "spend_guards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_reminders" ADD CONSTRAINT "trial_reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_position_key" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "trial_reminders_account_idx" ON "trial_reminders" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_account_number_key" ON "invoices" USING btree ("account_id","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_account_period_key" ON "invoices" USING btree ("account_id","period") WHERE "invoices"."period" is not null;