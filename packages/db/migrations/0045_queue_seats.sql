ALTER TABLE "ring_hunts" ADD COLUMN "seats" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ring_hunts" ADD COLUMN "tried_seats" text[] DEFAULT '{}'::text[] NOT NULL;