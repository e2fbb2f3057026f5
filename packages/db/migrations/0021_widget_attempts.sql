CREATE TABLE "widget_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"widget_id" text NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"origin" text,
	"ip" text,
	"visitor_number" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_attempts_kind_check" CHECK ("kind" in ('call', 'sms')),
	CONSTRAINT "widget_attempts_outcome_check" CHECK ("outcome" in ('accepted', 'origin_refused', 'rate_limited', 'daily_cap', 'invalid_number', 'challenge_failed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "widget_attempts" ADD CONSTRAINT "widget_attempts_widget_id_widget_configurations_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widget_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_attempts" ADD CONSTRAINT "widget_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_attempts_widget_created_idx" ON "widget_attempts" USING btree ("widget_id","created_at");--> statement-breakpoint
CREATE INDEX "widget_attempts_account_created_idx" ON "widget_attempts" USING btree ("account_id","created_at");