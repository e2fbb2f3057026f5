CREATE TABLE "widget_challenge_uses" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"widget_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "widget_challenge_uses" ADD CONSTRAINT "widget_challenge_uses_widget_id_widget_configurations_id_fk" FOREIGN KEY ("widget_id") REFERENCES "public"."widget_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_challenge_uses_expires_idx" ON "widget_challenge_uses" USING btree ("expires_at");