CREATE TABLE "account_memberships" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_memberships_account_id_user_id_pk" PRIMARY KEY("account_id","user_id"),
	CONSTRAINT "account_memberships_role_check" CHECK ("role" in ('owner', 'admin', 'member'))
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"kind" text DEFAULT 'business' NOT NULL,
	"status" text DEFAULT 'trialing' NOT NULL,
	"contact_name" text,
	"email" text,
	"phone" text,
	"avatar_url" text,
	"address_line_1" text,
	"address_line_2" text,
	"city" text,
	"state_province" text,
	"postal_code" text,
	"country" text DEFAULT 'US' NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_kind_check" CHECK ("kind" in ('business', 'nonprofit', 'licensee')),
	CONSTRAINT "accounts_status_check" CHECK ("status" in ('trialing', 'active', 'suspended', 'closed')),
	CONSTRAINT "accounts_country_check" CHECK ("country" in ('US', 'CA'))
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_role_check" CHECK ("role" in ('admin'))
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_purpose_check" CHECK ("purpose" in ('confirm_email', 'reset_password'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_new_voicemail" boolean DEFAULT true NOT NULL,
	"email_missed_call" boolean DEFAULT true NOT NULL,
	"sms_new_voicemail" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"avatar_url" text,
	"google_id" text,
	"email_confirmed_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase_check" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"subscription_id" text,
	"invoice_number" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"total_amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"stripe_invoice_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("status" in ('draft', 'open', 'unpaid', 'paid', 'void', 'uncollectible')),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_amount_cents" >= 0),
	CONSTRAINT "invoices_due_date_check" CHECK ("invoices"."due_date" >= "invoices"."issue_date"),
	CONSTRAINT "invoices_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"account_id" text NOT NULL,
	"transaction_type" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_transaction_type_check" CHECK ("transaction_type" in ('top_up', 'call_charge', 'sms_charge', 'number_fee', 'subscription_fee', 'refund', 'adjustment')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_sign_check" CHECK (("ledger_entries"."transaction_type" in ('top_up', 'refund') and "ledger_entries"."amount_cents" > 0)
        or ("ledger_entries"."transaction_type" in ('call_charge', 'sms_charge', 'number_fee', 'subscription_fee') and "ledger_entries"."amount_cents" < 0)
        or "ledger_entries"."transaction_type" = 'adjustment'),
	CONSTRAINT "ledger_entries_balance_after_check" CHECK ("ledger_entries"."balance_after_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"cents_per_unit" integer NOT NULL,
	"unit" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rates_kind_check" CHECK ("kind" in ('call_inbound', 'call_outbound', 'call_toll_free', 'sms_segment', 'mms_message')),
	CONSTRAINT "rates_unit_check" CHECK ("unit" in ('minute', 'segment', 'message')),
	CONSTRAINT "rates_kind_unit_check" CHECK (("kind" in ('call_inbound', 'call_outbound', 'call_toll_free') and "rates"."unit" = 'minute')
        or ("rates"."kind" = 'sms_segment' and "rates"."unit" = 'segment')
        or ("rates"."kind" = 'mms_message' and "rates"."unit" = 'message')),
	CONSTRAINT "rates_cents_per_unit_check" CHECK ("rates"."cents_per_unit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"service_name" text NOT NULL,
	"plan_name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_billing_date" date,
	"monthly_fee_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"stripe_subscription_id" text,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("status" in ('trialing', 'active', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused')),
	CONSTRAINT "subscriptions_monthly_fee_check" CHECK ("subscriptions"."monthly_fee_cents" >= 0),
	CONSTRAINT "subscriptions_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"low_balance_threshold_cents" integer DEFAULT 500 NOT NULL,
	"low_balance_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_id_account_key" UNIQUE("id","account_id"),
	CONSTRAINT "wallets_balance_check" CHECK ("wallets"."balance_cents" >= 0),
	CONSTRAINT "wallets_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "wallets_low_balance_threshold_check" CHECK ("wallets"."low_balance_threshold_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "poundline_editable_content" (
	"id" text PRIMARY KEY NOT NULL,
	"content_key" text NOT NULL,
	"content_type" text DEFAULT 'text' NOT NULL,
	"content_value" text DEFAULT '' NOT NULL,
	"page_slug" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poundline_editable_content_key_check" CHECK (length(trim("poundline_editable_content"."content_key")) > 0),
	CONSTRAINT "poundline_editable_content_type_check" CHECK ("content_type" in ('text', 'textarea', 'image_url', 'json'))
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" text PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"category" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"feature_name" text NOT NULL,
	"description" text NOT NULL,
	"email" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_requests_status_check" CHECK ("status" in ('new', 'reviewed', 'planned', 'done', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "form_submissions_crm" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"message" text NOT NULL,
	"form_type" text DEFAULT 'contact' NOT NULL,
	"source" text DEFAULT 'website' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_crm_status_check" CHECK ("status" in ('new', 'in_progress', 'resolved', 'spam'))
);
--> statement-breakpoint
CREATE TABLE "phone_number_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"number_type" text NOT NULL,
	"area_code" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"purpose" text,
	"email" text,
	"account_id" text,
	"user_id" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_number_requests_number_type_check" CHECK ("number_type" in ('local', 'toll-free')),
	CONSTRAINT "phone_number_requests_area_code_check" CHECK ("phone_number_requests"."area_code" ~ '^[0-9]{3}$'),
	CONSTRAINT "phone_number_requests_local_area_code_check" CHECK ("phone_number_requests"."number_type" <> 'local' or "phone_number_requests"."area_code" is not null),
	CONSTRAINT "phone_number_requests_quantity_check" CHECK ("phone_number_requests"."quantity" >= 1),
	CONSTRAINT "phone_number_requests_status_check" CHECK ("status" in ('new', 'reviewed', 'planned', 'done', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "widget_configurations" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'combined' NOT NULL,
	"call_text" text DEFAULT 'Call Us Now' NOT NULL,
	"sms_text" text DEFAULT 'Text Us Now' NOT NULL,
	"primary_color" text DEFAULT '#007bff' NOT NULL,
	"text_color" text DEFAULT '#ffffff' NOT NULL,
	"position" text DEFAULT 'bottom-right' NOT NULL,
	"territory_license_id" text,
	"phone_number_id" text,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_configurations_type_check" CHECK ("type" in ('call', 'sms', 'combined')),
	CONSTRAINT "widget_configurations_position_check" CHECK ("position" in ('bottom-right', 'bottom-left', 'inline')),
	CONSTRAINT "widget_configurations_primary_color_check" CHECK ("primary_color" ~ '^#[0-9a-fA-F]{6}$'),
	CONSTRAINT "widget_configurations_text_color_check" CHECK ("text_color" ~ '^#[0-9a-fA-F]{6}$'),
	CONSTRAINT "widget_configurations_one_number_check" CHECK (num_nonnulls("widget_configurations"."territory_license_id", "widget_configurations"."phone_number_id") <= 1)
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"company" text,
	"address" text,
	"notes" text,
	"lead_status" text DEFAULT 'new' NOT NULL,
	"contact_type" text DEFAULT 'lead' NOT NULL,
	"last_contacted" timestamp with time zone,
	"follow_up_date" timestamp with time zone,
	"source" text DEFAULT 'call' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_lead_status_check" CHECK ("lead_status" in ('new', 'contacted', 'qualified', 'proposal', 'negotiation', 'won', 'lost')),
	CONSTRAINT "contacts_contact_type_check" CHECK ("contact_type" in ('lead', 'client', 'vendor', 'other')),
	CONSTRAINT "contacts_source_check" CHECK ("source" in ('call', 'text', 'manual', 'website', 'referral'))
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"template" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_check" CHECK ("status" in ('pending', 'sent', 'failed', 'logged'))
);
--> statement-breakpoint
CREATE TABLE "job_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"job_name" text NOT NULL,
	"job_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"relayed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processed_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "support_ticket_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_id" text NOT NULL,
	"user_id" text,
	"message" text NOT NULL,
	"is_admin_reply" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_ticket_replies_message_check" CHECK (length(trim("support_ticket_replies"."message")) > 0)
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_subject_check" CHECK (length(trim("support_tickets"."subject")) > 0),
	CONSTRAINT "support_tickets_description_check" CHECK (length(trim("support_tickets"."description")) > 0),
	CONSTRAINT "support_tickets_priority_check" CHECK ("priority" in ('low', 'medium', 'high')),
	CONSTRAINT "support_tickets_status_check" CHECK ("status" in ('open', 'pending_admin', 'pending_user', 'closed')),
	CONSTRAINT "support_tickets_closed_at_check" CHECK ("support_tickets"."status" <> 'closed' or "support_tickets"."closed_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "call_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text,
	"contact_id" text,
	"phone_number_id" text,
	"call_sid" text NOT NULL,
	"parent_call_sid" text,
	"direction" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"call_start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"call_status" text NOT NULL,
	"last_sequence_number" integer DEFAULT -1 NOT NULL,
	"from_city" text,
	"from_state" text,
	"from_country" text,
	"notes" text,
	"price_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_logs_direction_check" CHECK ("direction" in ('inbound', 'outbound')),
	CONSTRAINT "call_logs_call_status_check" CHECK ("call_status" in ('queued', 'initiated', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'canceled', 'failed', 'missed', 'voicemail_missed')),
	CONSTRAINT "call_logs_duration_check" CHECK ("call_logs"."duration_seconds" >= 0),
	CONSTRAINT "call_logs_price_check" CHECK ("call_logs"."price_cents" is null or "call_logs"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extensions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"extension_number" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"department" text,
	"voicemail_enabled" boolean DEFAULT true NOT NULL,
	"call_forwarding" boolean DEFAULT false NOT NULL,
	"forwarding_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extensions_number_check" CHECK ("extensions"."extension_number" between 1 and 99999)
);
--> statement-breakpoint
CREATE TABLE "geo_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"shared_number_id" text NOT NULL,
	"account_id" text NOT NULL,
	"location_type" text NOT NULL,
	"location_value" text NOT NULL,
	"target_account_id" text NOT NULL,
	"ivr_menu_id" text,
	"priority" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geo_rules_location_type_check" CHECK ("location_type" in ('state', 'province', 'areaCode', 'country')),
	CONSTRAINT "geo_rules_location_value_check" CHECK (("location_type" = 'state' and "location_value" in ('AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY')) or ("location_type" = 'province' and "location_value" in ('AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT')) or ("location_type" = 'areaCode' and "location_value" ~ '^[0-9]{3}( *, *[0-9]{3})*$') or ("location_type" = 'country' and "location_value" ~ '^[A-Z]{2}$')),
	CONSTRAINT "geo_rules_priority_check" CHECK ("geo_rules"."priority" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ivr_menus" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"greeting_type" text DEFAULT 'tts' NOT NULL,
	"greeting_tts" text,
	"greeting_recording_url" text,
	"timeout_seconds" integer DEFAULT 10 NOT NULL,
	"timeout_action" text DEFAULT 'repeat' NOT NULL,
	"timeout_action_destination" text,
	"invalid_input_action" text DEFAULT 'repeat' NOT NULL,
	"invalid_input_action_destination" text,
	"max_invalid_inputs" integer DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ivr_menus_id_account_key" UNIQUE("id","account_id"),
	CONSTRAINT "ivr_menus_name_check" CHECK (length(trim("ivr_menus"."name")) > 0),
	CONSTRAINT "ivr_menus_greeting_type_check" CHECK ("greeting_type" in ('tts', 'recording')),
	CONSTRAINT "ivr_menus_timeout_seconds_check" CHECK ("ivr_menus"."timeout_seconds" between 3 and 30),
	CONSTRAINT "ivr_menus_timeout_action_check" CHECK ("timeout_action" in ('repeat', 'operator', 'voicemail', 'ivr_menu', 'hangup')),
	CONSTRAINT "ivr_menus_invalid_input_action_check" CHECK ("invalid_input_action" in ('repeat', 'operator', 'voicemail', 'ivr_menu', 'hangup')),
	CONSTRAINT "ivr_menus_timeout_destination_check" CHECK ("ivr_menus"."timeout_action" <> 'ivr_menu' or "ivr_menus"."timeout_action_destination" is not null),
	CONSTRAINT "ivr_menus_invalid_input_destination_check" CHECK ("ivr_menus"."invalid_input_action" <> 'ivr_menu' or "ivr_menus"."invalid_input_action_destination" is not null),
	CONSTRAINT "ivr_menus_max_invalid_inputs_check" CHECK ("ivr_menus"."max_invalid_inputs" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "ivr_options" (
	"id" text PRIMARY KEY NOT NULL,
	"menu_id" text NOT NULL,
	"account_id" text NOT NULL,
	"key_press" text NOT NULL,
	"action" text NOT NULL,
	"destination" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ivr_options_key_press_check" CHECK ("ivr_options"."key_press" ~ '^[0-9*#]$'),
	CONSTRAINT "ivr_options_action_check" CHECK ("action" in ('ivr_menu', 'extension', 'voicemail', 'operator', 'hangup', 'repeat', 'play_message')),
	CONSTRAINT "ivr_options_destination_check" CHECK ("ivr_options"."action" not in ('ivr_menu', 'extension', 'play_message') or "ivr_options"."destination" is not null)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"contact_id" text,
	"phone_number_id" text,
	"user_id" text,
	"message_sid" text NOT NULL,
	"direction" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"num_segments" integer DEFAULT 1 NOT NULL,
	"num_media" integer DEFAULT 0 NOT NULL,
	"media_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text NOT NULL,
	"error_code" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_direction_check" CHECK ("direction" in ('inbound', 'outbound')),
	CONSTRAINT "messages_status_check" CHECK ("status" in ('accepted', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'receiving', 'received', 'read')),
	CONSTRAINT "messages_counts_check" CHECK ("messages"."num_segments" >= 0 and "messages"."num_media" >= 0)
);
--> statement-breakpoint
CREATE TABLE "number_routing" (
	"phone_number_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"ring_strategy" text DEFAULT 'simultaneous' NOT NULL,
	"ring_timeout_seconds" integer DEFAULT 30 NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"business_hours" jsonb DEFAULT '{"monday":{"active":true,"start":"09:00","end":"17:00"},"tuesday":{"active":true,"start":"09:00","end":"17:00"},"wednesday":{"active":true,"start":"09:00","end":"17:00"},"thursday":{"active":true,"start":"09:00","end":"17:00"},"friday":{"active":true,"start":"09:00","end":"17:00"},"saturday":{"active":false,"start":"09:00","end":"17:00"},"sunday":{"active":false,"start":"09:00","end":"17:00"}}'::jsonb NOT NULL,
	"business_hours_target_type" text DEFAULT 'voicemail' NOT NULL,
	"business_hours_target_id" text,
	"business_hours_ring_group" text[] DEFAULT '{}'::text[] NOT NULL,
	"after_hours_target_type" text DEFAULT 'voicemail' NOT NULL,
	"after_hours_target_id" text,
	"after_hours_ring_group" text[] DEFAULT '{}'::text[] NOT NULL,
	"hold_music" text DEFAULT 'default' NOT NULL,
	"hold_music_url" text,
	"voicemail_enabled" boolean DEFAULT true NOT NULL,
	"voicemail_greeting" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_routing_ring_strategy_check" CHECK ("ring_strategy" in ('simultaneous', 'sequential', 'round-robin')),
	CONSTRAINT "number_routing_ring_timeout_check" CHECK ("number_routing"."ring_timeout_seconds" between 5 and 120),
	CONSTRAINT "number_routing_business_hours_check" CHECK (jsonb_typeof("number_routing"."business_hours") = 'object'),
	CONSTRAINT "number_routing_business_hours_target_type_check" CHECK ("business_hours_target_type" in ('ivr_menu', 'extension', 'ring_group', 'voicemail', 'forward', 'hangup')),
	CONSTRAINT "number_routing_after_hours_target_type_check" CHECK ("after_hours_target_type" in ('ivr_menu', 'extension', 'ring_group', 'voicemail', 'forward', 'hangup')),
	CONSTRAINT "number_routing_business_hours_target_check" CHECK (("business_hours_target_type" not in ('ivr_menu', 'extension', 'forward') or "business_hours_target_id" is not null) and ("business_hours_target_type" <> 'ring_group' or cardinality("business_hours_ring_group") > 0)),
	CONSTRAINT "number_routing_after_hours_target_check" CHECK (("after_hours_target_type" not in ('ivr_menu', 'extension', 'forward') or "after_hours_target_id" is not null) and ("after_hours_target_type" <> 'ring_group' or cardinality("after_hours_ring_group") > 0)),
	CONSTRAINT "number_routing_hold_music_check" CHECK ("hold_music" in ('default', 'classical', 'jazz', 'custom')),
	CONSTRAINT "number_routing_hold_music_url_check" CHECK ("number_routing"."hold_music" <> 'custom' or "number_routing"."hold_music_url" is not null)
);
--> statement-breakpoint
CREATE TABLE "phone_numbers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"e164" text NOT NULL,
	"friendly_name" text DEFAULT '' NOT NULL,
	"number_type" text DEFAULT 'local' NOT NULL,
	"carrier_sid" text,
	"sms_enabled" boolean DEFAULT true NOT NULL,
	"voice_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_numbers_id_account_key" UNIQUE("id","account_id"),
	CONSTRAINT "phone_numbers_e164_check" CHECK ("e164" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "phone_numbers_number_type_check" CHECK ("number_type" in ('local', 'toll-free'))
);
--> statement-breakpoint
CREATE TABLE "shared_numbers" (
	"id" text PRIMARY KEY NOT NULL,
	"pound_code" text NOT NULL,
	"e164" text NOT NULL,
	"carrier_sid" text,
	"description" text,
	"default_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_numbers_id_pound_code_key" UNIQUE("id","pound_code"),
	CONSTRAINT "shared_numbers_pound_code_check" CHECK ("shared_numbers"."pound_code" ~ '^#[0-9A-Z]{2,15}$'),
	CONSTRAINT "shared_numbers_e164_check" CHECK ("e164" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"our_number" text NOT NULL,
	"subscriber_number" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_outs_our_number_check" CHECK ("our_number" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "sms_opt_outs_subscriber_number_check" CHECK ("subscriber_number" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
CREATE TABLE "territories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"kind" text DEFAULT 'state' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "territories_country_check" CHECK ("country" in ('US', 'CA')),
	CONSTRAINT "territories_kind_check" CHECK ("kind" in ('state', 'province', 'metro', 'country'))
);
--> statement-breakpoint
CREATE TABLE "territory_licenses" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"shared_number_id" text NOT NULL,
	"territory_id" text NOT NULL,
	"category_id" text NOT NULL,
	"pound_code" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "territory_licenses_status_check" CHECK ("status" in ('active', 'suspended', 'expired')),
	CONSTRAINT "territory_licenses_period_check" CHECK ("territory_licenses"."ends_at" is null or "territory_licenses"."ends_at" > "territory_licenses"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "voicemails" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"call_log_id" text,
	"call_sid" text NOT NULL,
	"recording_sid" text NOT NULL,
	"recording_url" text NOT NULL,
	"storage_path" text,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"transcription" text,
	"transcription_status" text DEFAULT 'none' NOT NULL,
	"status" text DEFAULT 'unread' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voicemails_duration_check" CHECK ("voicemails"."duration_seconds" >= 0),
	CONSTRAINT "voicemails_transcription_status_check" CHECK ("transcription_status" in ('none', 'pending', 'completed', 'failed')),
	CONSTRAINT "voicemails_status_check" CHECK ("status" in ('unread', 'read'))
);
--> statement-breakpoint
ALTER TABLE "account_memberships" ADD CONSTRAINT "account_memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_memberships" ADD CONSTRAINT "account_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_wallet_fk" FOREIGN KEY ("wallet_id","account_id") REFERENCES "public"."wallets"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_number_requests" ADD CONSTRAINT "phone_number_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_number_requests" ADD CONSTRAINT "phone_number_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_configurations" ADD CONSTRAINT "widget_configurations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_configurations" ADD CONSTRAINT "widget_configurations_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_configurations" ADD CONSTRAINT "widget_configurations_territory_license_fk" FOREIGN KEY ("territory_license_id") REFERENCES "public"."territory_licenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD CONSTRAINT "support_ticket_replies_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD CONSTRAINT "support_ticket_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extensions" ADD CONSTRAINT "extensions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_rules" ADD CONSTRAINT "geo_rules_shared_number_id_shared_numbers_id_fk" FOREIGN KEY ("shared_number_id") REFERENCES "public"."shared_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_rules" ADD CONSTRAINT "geo_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_rules" ADD CONSTRAINT "geo_rules_target_account_id_accounts_id_fk" FOREIGN KEY ("target_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_rules" ADD CONSTRAINT "geo_rules_ivr_menu_id_ivr_menus_id_fk" FOREIGN KEY ("ivr_menu_id") REFERENCES "public"."ivr_menus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_menus" ADD CONSTRAINT "ivr_menus_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ivr_options" ADD CONSTRAINT "ivr_options_menu_fk" FOREIGN KEY ("menu_id","account_id") REFERENCES "public"."ivr_menus"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_routing" ADD CONSTRAINT "number_routing_phone_number_fk" FOREIGN KEY ("phone_number_id","account_id") REFERENCES "public"."phone_numbers"("id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_numbers" ADD CONSTRAINT "shared_numbers_default_account_id_accounts_id_fk" FOREIGN KEY ("default_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD CONSTRAINT "territory_licenses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD CONSTRAINT "territory_licenses_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD CONSTRAINT "territory_licenses_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_licenses" ADD CONSTRAINT "territory_licenses_shared_number_fk" FOREIGN KEY ("shared_number_id","pound_code") REFERENCES "public"."shared_numbers"("id","pound_code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voicemails" ADD CONSTRAINT "voicemails_call_log_id_call_logs_id_fk" FOREIGN KEY ("call_log_id") REFERENCES "public"."call_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_memberships_user_idx" ON "account_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_id_key" ON "users" USING btree ("google_id") WHERE "users"."google_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_invoice_number_key" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_stripe_invoice_id_key" ON "invoices" USING btree ("stripe_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_account_issue_idx" ON "invoices" USING btree ("account_id","issue_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet_created_idx" ON "ledger_entries" USING btree ("wallet_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "rates_kind_key" ON "rates" USING btree ("kind");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_stripe_subscription_id_key" ON "subscriptions" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_account_idx" ON "subscriptions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_account_key" ON "wallets" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "poundline_editable_content_key" ON "poundline_editable_content" USING btree ("content_key");--> statement-breakpoint
CREATE INDEX "poundline_editable_content_page_idx" ON "poundline_editable_content" USING btree ("page_slug","content_key");--> statement-breakpoint
CREATE INDEX "faq_items_category_order_idx" ON "faq_items" USING btree ("category","display_order");--> statement-breakpoint
CREATE INDEX "feature_requests_created_idx" ON "feature_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_submissions_crm_created_idx" ON "form_submissions_crm" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "phone_number_requests_created_idx" ON "phone_number_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "widget_configurations_public_key_key" ON "widget_configurations" USING btree ("public_key");--> statement-breakpoint
CREATE INDEX "widget_configurations_account_idx" ON "widget_configurations" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_phone_key" ON "contacts" USING btree ("account_id","phone");--> statement-breakpoint
CREATE INDEX "contacts_account_created_idx" ON "contacts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "job_outbox_pending_idx" ON "job_outbox" USING btree ("created_at") WHERE "job_outbox"."relayed_at" is null;--> statement-breakpoint
CREATE INDEX "job_outbox_job_idx" ON "job_outbox" USING btree ("queue","job_id");--> statement-breakpoint
CREATE INDEX "support_ticket_replies_ticket_idx" ON "support_ticket_replies" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_account_updated_idx" ON "support_tickets" USING btree ("account_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "call_logs_call_sid_key" ON "call_logs" USING btree ("call_sid");--> statement-breakpoint
CREATE INDEX "call_logs_account_start_idx" ON "call_logs" USING btree ("account_id","call_start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "call_logs_contact_idx" ON "call_logs" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_key" ON "categories" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "extensions_account_number_key" ON "extensions" USING btree ("account_id","extension_number");--> statement-breakpoint
CREATE INDEX "geo_rules_shared_number_priority_idx" ON "geo_rules" USING btree ("shared_number_id","priority");--> statement-breakpoint
CREATE INDEX "geo_rules_account_idx" ON "geo_rules" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ivr_menus_account_idx" ON "ivr_menus" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ivr_options_menu_key_press_key" ON "ivr_options" USING btree ("menu_id","key_press");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_message_sid_key" ON "messages" USING btree ("message_sid");--> statement-breakpoint
CREATE INDEX "messages_account_sent_idx" ON "messages" USING btree ("account_id","sent_at");--> statement-breakpoint
CREATE INDEX "messages_contact_idx" ON "messages" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_e164_key" ON "phone_numbers" USING btree ("e164");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_carrier_sid_key" ON "phone_numbers" USING btree ("carrier_sid");--> statement-breakpoint
CREATE INDEX "phone_numbers_account_idx" ON "phone_numbers" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_numbers_pound_code_key" ON "shared_numbers" USING btree ("pound_code");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_numbers_e164_key" ON "shared_numbers" USING btree ("e164");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_numbers_carrier_sid_key" ON "shared_numbers" USING btree ("carrier_sid");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_opt_outs_numbers_key" ON "sms_opt_outs" USING btree ("our_number","subscriber_number");--> statement-breakpoint
CREATE INDEX "sms_opt_outs_account_idx" ON "sms_opt_outs" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "territories_country_name_key" ON "territories" USING btree ("country","name");--> statement-breakpoint
CREATE UNIQUE INDEX "territory_licenses_active_key" ON "territory_licenses" USING btree ("shared_number_id","territory_id","category_id") WHERE "territory_licenses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "territory_licenses_account_idx" ON "territory_licenses" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "territory_licenses_pound_code_idx" ON "territory_licenses" USING btree ("pound_code");--> statement-breakpoint
CREATE UNIQUE INDEX "voicemails_recording_sid_key" ON "voicemails" USING btree ("recording_sid");--> statement-breakpoint
CREATE INDEX "voicemails_account_created_idx" ON "voicemails" USING btree ("account_id","created_at" DESC NULLS LAST);