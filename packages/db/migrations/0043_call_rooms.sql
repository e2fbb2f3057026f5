CREATE TABLE "call_room_parties" (
	"call_sid" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"account_id" text NOT NULL,
	"label" text NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'calling' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_room_parties_status_check" CHECK ("status" in ('calling', 'joined', 'left'))
);
--> statement-breakpoint
CREATE TABLE "call_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"caller_call_sid" text NOT NULL,
	"member_call_sid" text NOT NULL,
	"member_user_id" text,
	"caller_held" boolean DEFAULT false NOT NULL,
	"member_left_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_rooms_name_unique" UNIQUE("name"),
	CONSTRAINT "call_rooms_caller_call_sid_unique" UNIQUE("caller_call_sid")
);
--> statement-breakpoint
ALTER TABLE "call_room_parties" ADD CONSTRAINT "call_room_parties_room_id_call_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."call_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_room_parties" ADD CONSTRAINT "call_room_parties_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_rooms" ADD CONSTRAINT "call_rooms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_rooms" ADD CONSTRAINT "call_rooms_member_user_id_users_id_fk" FOREIGN KEY ("member_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_room_parties_room_idx" ON "call_room_parties" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "call_rooms_account_idx" ON "call_rooms" USING btree ("account_id");