CREATE TABLE "inbox_conversations" (
	"account_id" text NOT NULL,
	"our_number" text NOT NULL,
	"peer_number" text NOT NULL,
	"assignee_id" text,
	"resolved_by_id" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_conversations_account_id_our_number_peer_number_pk" PRIMARY KEY("account_id","our_number","peer_number")
);
--> statement-breakpoint
CREATE TABLE "inbox_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"our_number" text,
	"peer_number" text,
	"call_log_id" text,
	"author_id" text,
	"body" text NOT NULL,
	"mentions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_notes_subject_check" CHECK (("inbox_notes"."call_log_id" is null) = ("inbox_notes"."our_number" is not null and "inbox_notes"."peer_number" is not null)),
	CONSTRAINT "inbox_notes_body_check" CHECK (length("inbox_notes"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "inbox_round_robin" (
	"phone_number_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"last_assignee_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_notifications_kind_check" CHECK ("kind" in ('assignment', 'mention', 'missed_call', 'voicemail'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "email_assignment" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "email_mention" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "voicemails" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "voicemails" ADD COLUMN "resolved_by_id" text;--> statement-breakpoint
ALTER TABLE "voicemails" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_call_log_id_call_logs_id_fk" FOREIGN KEY ("call_log_id") REFERENCES "public"."call_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_round_robin" ADD CONSTRAINT "inbox_round_robin_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_round_robin" ADD CONSTRAINT "inbox_round_robin_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_round_robin" ADD CONSTRAINT "inbox_round_robin_last_assignee_id_users_id_fk" FOREIGN KEY ("last_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_conversations_assignee_idx" ON "inbox_conversations" USING btree ("account_id","assignee_id");--> statement-breakpoint
CREATE INDEX "inbox_notes_conversation_idx" ON "inbox_notes" USING btree ("account_id","our_number","peer_number","created_at");--> statement-breakpoint
CREATE INDEX "inbox_notes_call_idx" ON "inbox_notes" USING btree ("call_log_id");--> statement-breakpoint
CREATE INDEX "member_notifications_user_idx" ON "member_notifications" USING btree ("user_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "member_notifications_unread_idx" ON "member_notifications" USING btree ("user_id","account_id") WHERE read_at is null;--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voicemails_account_assignee_idx" ON "voicemails" USING btree ("account_id","assignee_id");