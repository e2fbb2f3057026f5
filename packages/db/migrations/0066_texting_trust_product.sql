ALTER TABLE "texting_registrations" ADD COLUMN "trust_product_sid" text;--> statement-breakpoint
ALTER TABLE "texting_registrations" ADD COLUMN "trust_product_status" text;