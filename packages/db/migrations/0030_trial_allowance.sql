CREATE TABLE "trial_allowances" (
	"account_id" text PRIMARY KEY NOT NULL,
	"minutes_used" integer DEFAULT 0 NOT NULL,
	"texts_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_allowances_minutes_used_check" CHECK ("trial_allowances"."minutes_used" >= 0),
	CONSTRAINT "trial_allowances_texts_used_check" CHECK ("trial_allowances"."texts_used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refused_calls" (
	"call_sid" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_logs" DROP CONSTRAINT "call_logs_call_status_check";--> statement-breakpoint
ALTER TABLE "trial_allowances" ADD CONSTRAINT "trial_allowances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_calls" ADD CONSTRAINT "refused_calls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_call_status_check" CHECK ("call_status" in ('queued', 'initiated', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'canceled', 'failed', 'missed', 'voicemail_missed', 'refused'));