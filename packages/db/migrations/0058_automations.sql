CREATE TABLE "number_automations" (
	"phone_number_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"missed_call_enabled" boolean DEFAULT false NOT NULL,
	"missed_call_template" text NOT NULL,
	"after_hours_enabled" boolean DEFAULT false NOT NULL,
	"after_hours_calls_enabled" boolean DEFAULT false NOT NULL,
	"after_hours_template" text NOT NULL,
	"first_contact_enabled" boolean DEFAULT false NOT NULL,
	"first_contact_template" text NOT NULL,
	"quiet_hours_enabled" boolean DEFAULT true NOT NULL,
	"quiet_start_minute" integer DEFAULT 1260 NOT NULL,
	"quiet_end_minute" integer DEFAULT 480 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_automations_quiet_check" CHECK ("number_automations"."quiet_start_minute" between 0 and 1439 and "number_automations"."quiet_end_minute" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "scheduled_texts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"user_id" text,
	"automation" text NOT NULL,
	"dedupe_key" text,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_texts_status_check" CHECK ("status" in ('pending', 'sending', 'sent', 'cancelled', 'failed', 'skipped')),
	CONSTRAINT "scheduled_texts_automation_check" CHECK ("automation" in ('missed_call', 'after_hours', 'first_contact', 'scheduled'))
);
--> statement-breakpoint
CREATE TABLE "text_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "automation" text;--> statement-breakpoint
ALTER TABLE "number_automations" ADD CONSTRAINT "number_automations_phone_number_fk" FOREIGN KEY ("phone_number_id","account_id") REFERENCES "public"."phone_numbers"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_texts" ADD CONSTRAINT "scheduled_texts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_texts" ADD CONSTRAINT "scheduled_texts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_texts" ADD CONSTRAINT "scheduled_texts_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_texts" ADD CONSTRAINT "scheduled_texts_phone_number_fk" FOREIGN KEY ("phone_number_id","account_id") REFERENCES "public"."phone_numbers"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_templates" ADD CONSTRAINT "text_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "number_automations_account_idx" ON "number_automations" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_texts_dedupe_key" ON "scheduled_texts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "scheduled_texts_due_idx" ON "scheduled_texts" USING btree ("send_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "scheduled_texts_conversation_idx" ON "scheduled_texts" USING btree ("account_id","from_number","to_number");--> statement-breakpoint
CREATE UNIQUE INDEX "text_templates_account_name_key" ON "text_templates" USING btree ("account_id","name");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_automation_check" CHECK ("automation" in ('missed_call', 'after_hours', 'first_contact', 'scheduled'));