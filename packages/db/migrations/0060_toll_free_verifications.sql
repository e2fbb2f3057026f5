CREATE TABLE "toll_free_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"carrier_sid" text NOT NULL,
	"status" text NOT NULL,
	"rejection_reason" text,
	"profile" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"status_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "toll_free_verifications_status_check" CHECK ("status" in ('PENDING_REVIEW', 'IN_REVIEW', 'TWILIO_APPROVED', 'TWILIO_REJECTED')),
	CONSTRAINT "toll_free_verifications_carrier_sid_check" CHECK ("toll_free_verifications"."carrier_sid" ~ '^HH[0-9a-fA-F]{32}$')
);
--> statement-breakpoint
ALTER TABLE "toll_free_verifications" ADD CONSTRAINT "toll_free_verifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toll_free_verifications" ADD CONSTRAINT "toll_free_verifications_number_fk" FOREIGN KEY ("phone_number_id","account_id") REFERENCES "public"."phone_numbers"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "toll_free_verifications_phone_number_key" ON "toll_free_verifications" USING btree ("phone_number_id");--> statement-breakpoint
CREATE UNIQUE INDEX "toll_free_verifications_carrier_sid_key" ON "toll_free_verifications" USING btree ("carrier_sid");--> statement-breakpoint
CREATE INDEX "toll_free_verifications_account_idx" ON "toll_free_verifications" USING btree ("account_id");