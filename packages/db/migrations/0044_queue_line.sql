ALTER TABLE "ring_hunts" DROP CONSTRAINT "ring_hunts_state_check";--> statement-breakpoint
ALTER TABLE "ring_hunts" ALTER COLUMN "state" SET DEFAULT 'waiting';--> statement-breakpoint
ALTER TABLE "number_routing" ADD COLUMN "queue_announce_seconds" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "number_routing" ADD COLUMN "queue_max_wait_seconds" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "ring_hunts" ADD COLUMN "caller_number" text;--> statement-breakpoint
ALTER TABLE "ring_hunts" ADD COLUMN "callback_number" text;--> statement-breakpoint
ALTER TABLE "ring_hunts" ADD COLUMN "announced_at_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ring_hunts" ADD COLUMN "waited_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ring_hunts_line_idx" ON "ring_hunts" USING btree ("phone_number_id","created_at") WHERE "ring_hunts"."state" in ('waiting', 'hunting');--> statement-breakpoint
ALTER TABLE "number_routing" ADD CONSTRAINT "number_routing_queue_announce_check" CHECK ("number_routing"."queue_announce_seconds" between 0 and 600);--> statement-breakpoint
ALTER TABLE "number_routing" ADD CONSTRAINT "number_routing_queue_max_wait_check" CHECK ("number_routing"."queue_max_wait_seconds" between 60 and 3600);--> statement-breakpoint
ALTER TABLE "ring_hunts" ADD CONSTRAINT "ring_hunts_state_check" CHECK ("state" in ('waiting', 'hunting', 'bridged', 'exhausted'));