ALTER TABLE "notification_preferences" ADD COLUMN "bell_assignment" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "bell_mention" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "bell_missed_call" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "bell_voicemail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD COLUMN "in_bell" boolean DEFAULT true NOT NULL;