CREATE TABLE "meta_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pixel_id" text,
	"access_token" text,
	"access_token_last4" text,
	"test_event_code" text,
	"purchase_on" text DEFAULT 'confirmed' NOT NULL,
	"feed_token" text,
	"feed_include_hidden" boolean DEFAULT false NOT NULL,
	"feed_include_drafts" boolean DEFAULT false NOT NULL,
	"feed_include_coming_soon" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_settings_single_row" CHECK ("meta_settings"."id" = 1),
	CONSTRAINT "meta_settings_purchase_on_known" CHECK (purchase_on in ('confirmed', 'delivered'))
);
--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_channel_known";--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_kind_known";--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD COLUMN "whatsapp_marketing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD COLUMN "whatsapp_marketing_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "google_product_category" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "fb_product_category" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source_campaign" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source_details" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "meta_browser" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_settings" ADD COLUMN "cart_reminder_template" text DEFAULT 'cart_reminder' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cart_reminder_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_source_created_idx" ON "orders" USING btree ("source","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_meta_purchase_idx" ON "message_outbox" USING btree ("order_id") WHERE "message_outbox"."kind" = 'meta_purchase' and "message_outbox"."resent_from" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_known" CHECK (source is null or source in ('instagram', 'facebook', 'whatsapp', 'google', 'tiktok', 'youtube', 'email', 'other', 'direct'));--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_channel_known" CHECK (channel in ('email', 'whatsapp', 'meta'));--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_kind_known" CHECK (kind in ('order_placed', 'order_received', 'order_status', 'contact_message', 'notify_me', 'notify_me_confirm', 'password_changed', 'seller_role_granted', 'seller_role_revoked', 'order_cancelled_by_buyer', 'test_email', 'cart_reminder', 'return_update', 'return_requested', 'low_stock_digest', 'whatsapp_confirmation', 'whatsapp_shipped', 'whatsapp_delivered', 'whatsapp_test', 'whatsapp_cart_reminder', 'meta_purchase'));--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cart_reminder_hours" CHECK ("shop_settings"."cart_reminder_hours" between 1 and 168);