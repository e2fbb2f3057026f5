CREATE TABLE "blocked_callers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_callers_kind_check" CHECK ("kind" in ('number', 'prefix')),
	CONSTRAINT "blocked_callers_value_check" CHECK ("blocked_callers"."value" ~ '^[+][0-9]{1,15}$')
);
--> statement-breakpoint
CREATE TABLE "blocked_calls" (
	"call_sid" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"rule" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_blocking_rules" (
	"account_id" text PRIMARY KEY NOT NULL,
	"list_action" text DEFAULT 'reject' NOT NULL,
	"withheld_action" text DEFAULT 'allow' NOT NULL,
	"unverified_action" text DEFAULT 'allow' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_blocking_rules_list_check" CHECK ("list_action" in ('reject', 'voicemail', 'screen')),
	CONSTRAINT "call_blocking_rules_withheld_check" CHECK ("withheld_action" in ('allow', 'reject', 'voicemail', 'screen')),
	CONSTRAINT "call_blocking_rules_unverified_check" CHECK ("unverified_action" in ('allow', 'reject', 'voicemail', 'screen'))
);
--> statement-breakpoint
CREATE TABLE "call_disposition_lists" (
	"account_id" text PRIMARY KEY NOT NULL,
	"names" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_logs" DROP CONSTRAINT "call_logs_call_status_check";--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "disposition" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "block_rule" text;--> statement-breakpoint
ALTER TABLE "blocked_callers" ADD CONSTRAINT "blocked_callers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_calls" ADD CONSTRAINT "blocked_calls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_blocking_rules" ADD CONSTRAINT "call_blocking_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_disposition_lists" ADD CONSTRAINT "call_disposition_lists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_callers_account_value_key" ON "blocked_callers" USING btree ("account_id","value");--> statement-breakpoint
CREATE INDEX "call_logs_tags_idx" ON "call_logs" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "call_logs_account_disposition_start_idx" ON "call_logs" USING btree ("account_id","disposition","call_start_time","id") WHERE "call_logs"."disposition" is not null;--> statement-breakpoint
CREATE INDEX "call_logs_account_blocked_start_idx" ON "call_logs" USING btree ("account_id","call_start_time","id") WHERE "call_logs"."block_rule" is not null;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_block_rule_check" CHECK ("call_logs"."block_rule" is null or "block_rule" in ('list', 'withheld', 'unverified'));--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_call_status_check" CHECK ("call_status" in ('queued', 'initiated', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'canceled', 'failed', 'missed', 'voicemail_missed', 'refused', 'blocked'));