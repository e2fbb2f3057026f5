CREATE TABLE "port_in_events" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"account_id" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"carrier_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "port_in_numbers" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"account_id" text NOT NULL,
	"e164" text NOT NULL,
	"carrier_sid" text,
	"status" text NOT NULL,
	"rejection_reason" text,
	"port_date" timestamp with time zone,
	"phone_number_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "port_in_numbers_e164_check" CHECK ("e164" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "port_in_numbers_status_check" CHECK ("status" in ('in_review', 'submitted', 'pending', 'completed', 'rejected', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "port_in_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"created_by" text,
	"status" text NOT NULL,
	"carrier_sid" text,
	"customer_name" text NOT NULL,
	"customer_type" text NOT NULL,
	"carrier_account_number" text NOT NULL,
	"authorized_name" text NOT NULL,
	"authorized_email" text NOT NULL,
	"service_address" jsonb NOT NULL,
	"target_date" text NOT NULL,
	"loa_key" text NOT NULL,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"temporary_number_id" text,
	"routing_moved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "port_in_requests_id_account_key" UNIQUE("id","account_id"),
	CONSTRAINT "port_in_requests_status_check" CHECK ("status" in ('draft', 'in_review', 'in_progress', 'action_required', 'completed', 'canceled')),
	CONSTRAINT "port_in_requests_customer_type_check" CHECK ("customer_type" in ('Business', 'Individual')),
	CONSTRAINT "port_in_requests_target_date_check" CHECK ("port_in_requests"."target_date" ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "port_in_requests_address_check" CHECK (jsonb_typeof("port_in_requests"."service_address") = 'object')
);
--> statement-breakpoint
ALTER TABLE "port_in_events" ADD CONSTRAINT "port_in_events_request_fk" FOREIGN KEY ("request_id","account_id") REFERENCES "public"."port_in_requests"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_in_numbers" ADD CONSTRAINT "port_in_numbers_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_in_numbers" ADD CONSTRAINT "port_in_numbers_request_fk" FOREIGN KEY ("request_id","account_id") REFERENCES "public"."port_in_requests"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_in_requests" ADD CONSTRAINT "port_in_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_in_requests" ADD CONSTRAINT "port_in_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_in_requests" ADD CONSTRAINT "port_in_requests_temporary_number_fk" FOREIGN KEY ("temporary_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "port_in_events_carrier_key" ON "port_in_events" USING btree ("carrier_key");--> statement-breakpoint
CREATE INDEX "port_in_events_request_idx" ON "port_in_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "port_in_numbers_request_e164_key" ON "port_in_numbers" USING btree ("request_id","e164");--> statement-breakpoint
CREATE UNIQUE INDEX "port_in_numbers_carrier_sid_key" ON "port_in_numbers" USING btree ("carrier_sid");--> statement-breakpoint
CREATE UNIQUE INDEX "port_in_requests_carrier_sid_key" ON "port_in_requests" USING btree ("carrier_sid");--> statement-breakpoint
CREATE INDEX "port_in_requests_account_idx" ON "port_in_requests" USING btree ("account_id","created_at");