CREATE TABLE "voicemail_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"voicemail_id" text NOT NULL,
	"account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voicemail_links" ADD CONSTRAINT "voicemail_links_voicemail_id_voicemails_id_fk" FOREIGN KEY ("voicemail_id") REFERENCES "public"."voicemails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemail_links" ADD CONSTRAINT "voicemail_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voicemail_links_voicemail_idx" ON "voicemail_links" USING btree ("voicemail_id");