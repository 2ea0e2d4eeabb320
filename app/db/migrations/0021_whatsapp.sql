CREATE TABLE "whatsapp_events" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"from_phone" text,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"phone_number_id" text NOT NULL,
	"access_token" text NOT NULL,
	"access_token_last4" text NOT NULL,
	"app_secret" text NOT NULL,
	"app_secret_last4" text NOT NULL,
	"verify_token" text NOT NULL,
	"verify_token_last4" text NOT NULL,
	"confirmation_template" text DEFAULT 'order_confirmation' NOT NULL,
	"shipped_template" text DEFAULT 'order_shipped' NOT NULL,
	"delivered_template" text DEFAULT 'order_delivered' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"send_delay_minutes" integer DEFAULT 0 NOT NULL,
	"needs_call_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_settings_single_row" CHECK ("whatsapp_settings"."id" = 1),
	CONSTRAINT "whatsapp_settings_delay" CHECK ("whatsapp_settings"."send_delay_minutes" between 0 and 1440),
	CONSTRAINT "whatsapp_settings_needs_call" CHECK ("whatsapp_settings"."needs_call_hours" between 1 and 168)
);
--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_channel_known";--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_status_known";--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_kind_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_events" ADD CONSTRAINT "whatsapp_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_whatsapp_idx" ON "orders" USING btree ("whatsapp_status","whatsapp_sent_at") WHERE "orders"."whatsapp_status" is not null;--> statement-breakpoint
CREATE INDEX "message_outbox_message_id_idx" ON "message_outbox" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_whatsapp_status_known" CHECK (whatsapp_status is null or whatsapp_status in ('queued', 'sent', 'delivered', 'read', 'confirmed', 'cancelled', 'failed'));--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_channel_known" CHECK (channel in ('email', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_status_known" CHECK (status in ('queued', 'sending', 'sent', 'failed', 'not_configured', 'delivered', 'read'));--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_kind_known" CHECK (kind in ('order_placed', 'order_received', 'order_status', 'contact_message', 'notify_me', 'notify_me_confirm', 'password_changed', 'seller_role_granted', 'seller_role_revoked', 'order_cancelled_by_buyer', 'test_email', 'cart_reminder', 'return_update', 'return_requested', 'low_stock_digest', 'whatsapp_confirmation', 'whatsapp_shipped', 'whatsapp_delivered', 'whatsapp_test'));