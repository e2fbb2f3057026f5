CREATE TABLE "call_transcript_texts" (
	"account_id" text NOT NULL,
	"call_sid" text NOT NULL,
	"transcription_sid" text NOT NULL,
	"sequence_id" integer NOT NULL,
	"speaker" text NOT NULL,
	"text" text NOT NULL,
	"spoken_at" timestamp with time zone,
	CONSTRAINT "call_transcript_texts_transcription_sid_sequence_id_pk" PRIMARY KEY("transcription_sid","sequence_id"),
	CONSTRAINT "call_transcript_texts_speaker_check" CHECK ("speaker" in ('other', 'team'))
);
--> statement-breakpoint
CREATE TABLE "call_transcriptions" (
	"account_id" text NOT NULL,
	"call_sid" text NOT NULL,
	"transcription_sid" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"stopped_sequence_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_transcriptions_account_id_call_sid_pk" PRIMARY KEY("account_id","call_sid"),
	CONSTRAINT "call_transcriptions_status_check" CHECK ("status" in ('requested', 'stopped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "call_transcript_texts" ADD CONSTRAINT "call_transcript_texts_transcription_fk" FOREIGN KEY ("account_id","call_sid") REFERENCES "public"."call_transcriptions"("account_id","call_sid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_transcriptions" ADD CONSTRAINT "call_transcriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_transcript_texts_call_idx" ON "call_transcript_texts" USING btree ("account_id","call_sid");--> statement-breakpoint
CREATE UNIQUE INDEX "call_transcriptions_transcription_sid_key" ON "call_transcriptions" USING btree ("transcription_sid");