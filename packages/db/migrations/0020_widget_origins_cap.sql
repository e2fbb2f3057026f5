ALTER TABLE "widget_configurations" ADD COLUMN "allowed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_configurations" ADD COLUMN "daily_cap" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_configurations" ADD CONSTRAINT "widget_configurations_daily_cap_check" CHECK ("widget_configurations"."daily_cap" between 1 and 1000);