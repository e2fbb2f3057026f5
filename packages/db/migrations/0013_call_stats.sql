CREATE TABLE "call_stats_area_hourly" (
	"account_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"area_code" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_stats_area_hourly_account_id_hour_area_code_pk" PRIMARY KEY("account_id","hour","area_code")
);
--> statement-breakpoint
CREATE TABLE "call_stats_extension_hourly" (
	"account_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"extension_id" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"answered_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "call_stats_extension_hourly_account_id_hour_extension_id_pk" PRIMARY KEY("account_id","hour","extension_id")
);
--> statement-breakpoint
CREATE TABLE "call_stats_hourly" (
	"account_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"inbound" integer DEFAULT 0 NOT NULL,
	"outbound" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	"answered_seconds" bigint DEFAULT 0 NOT NULL,
	"top_calls" integer DEFAULT 0 NOT NULL,
	"top_inbound" integer DEFAULT 0 NOT NULL,
	"top_outbound" integer DEFAULT 0 NOT NULL,
	"top_missed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_stats_hourly_account_id_hour_pk" PRIMARY KEY("account_id","hour")
);
--> statement-breakpoint
ALTER TABLE "call_stats_area_hourly" ADD CONSTRAINT "call_stats_area_hourly_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_stats_extension_hourly" ADD CONSTRAINT "call_stats_extension_hourly_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_stats_hourly" ADD CONSTRAINT "call_stats_hourly_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_logs_account_inbound_callers_idx" ON "call_logs" USING btree ("account_id","call_start_time","from_number") WHERE "call_logs"."direction" = 'inbound';