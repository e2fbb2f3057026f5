CREATE TABLE "ring_hunts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"caller_call_sid" text NOT NULL,
	"phone_number_id" text,
	"target" text NOT NULL,
	"rotation" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"ringing" integer DEFAULT 0 NOT NULL,
	"ended_call_sids" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'hunting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ring_hunts_target_check" CHECK ("target" in ('open', 'after')),
	CONSTRAINT "ring_hunts_state_check" CHECK ("state" in ('hunting', 'bridged', 'exhausted')),
	CONSTRAINT "ring_hunts_attempt_check" CHECK ("ring_hunts"."attempt" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ring_hunts" ADD CONSTRAINT "ring_hunts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ring_hunts" ADD CONSTRAINT "ring_hunts_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ring_hunts_caller_call_sid_key" ON "ring_hunts" USING btree ("caller_call_sid");--> statement-breakpoint
CREATE INDEX "ring_hunts_account_idx" ON "ring_hunts" USING btree ("account_id");