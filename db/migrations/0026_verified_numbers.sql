CREATE TABLE "verified_numbers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"e164" text NOT NULL,
	"verified_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"channel" text,
	"code_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verified_numbers_e164_check" CHECK ("e164" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "verified_numbers_code_attempts_check" CHECK ("verified_numbers"."code_attempts" >= 0),
	CONSTRAINT "verified_numbers_channel_check" CHECK ("channel" in ('sms', 'call')),
	CONSTRAINT "verified_numbers_code_check" CHECK (("verified_numbers"."code_hash" is null) = ("verified_numbers"."code_expires_at" is null))
);
--> statement-breakpoint
ALTER TABLE "verified_numbers" ADD CONSTRAINT "verified_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verified_numbers_account_e164_key" ON "verified_numbers" USING btree ("account_id","e164");--> statement-breakpoint
CREATE INDEX "verified_numbers_e164_idx" ON "verified_numbers" USING btree ("e164");