CREATE TABLE "ivr_live_versions" (
	"account_id" text PRIMARY KEY NOT NULL,
	"version_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ivr_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	CONSTRAINT "ivr_versions_account_version_key" UNIQUE("account_id","version"),
	CONSTRAINT "ivr_versions_id_account_key" UNIQUE("id","account_id"),
	CONSTRAINT "ivr_versions_version_check" CHECK ("ivr_versions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "ivr_menus" ADD COLUMN "greeting_voice" text DEFAULT 'man' NOT NULL;--> statement-breakpoint
ALTER TABLE "ivr_menus" ADD COLUMN "greeting_language" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "ivr_live_versions" ADD CONSTRAINT "ivr_live_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_live_versions" ADD CONSTRAINT "ivr_live_versions_version_fk" FOREIGN KEY ("version_id","account_id") REFERENCES "public"."ivr_versions"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_versions" ADD CONSTRAINT "ivr_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_versions" ADD CONSTRAINT "ivr_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;