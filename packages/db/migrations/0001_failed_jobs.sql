CREATE TABLE "failed_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"job_name" text NOT NULL,
	"job_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retried_at" timestamp with time zone,
	"retried_by" text,
	CONSTRAINT "failed_jobs_attempts_check" CHECK ("failed_jobs"."attempts" >= 1)
);
--> statement-breakpoint
CREATE INDEX "failed_jobs_failed_idx" ON "failed_jobs" USING btree ("failed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "failed_jobs_open_idx" ON "failed_jobs" USING btree ("queue","job_id") WHERE "failed_jobs"."retried_at" is null;