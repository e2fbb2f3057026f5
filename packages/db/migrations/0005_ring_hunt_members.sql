CREATE TABLE "ring_turns" (
	"phone_number_id" text NOT NULL,
	"account_id" text NOT NULL,
	"target" text NOT NULL,
	"next_turn" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ring_turns_phone_number_id_target_pk" PRIMARY KEY("phone_number_id","target"),
	CONSTRAINT "ring_turns_target_check" CHECK ("target" in ('open', 'after'))
);
--> statement-breakpoint
ALTER TABLE "ring_hunts" ADD COLUMN "member_call_sids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ring_turns" ADD CONSTRAINT "ring_turns_phone_number_fk" FOREIGN KEY ("phone_number_id","account_id") REFERENCES "public"."phone_numbers"("id","account_id") ON DELETE cascade ON UPDATE no action;