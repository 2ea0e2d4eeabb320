CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_from_known" CHECK (from_status is null or from_status in ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned')),
	CONSTRAINT "order_status_history_to_known" CHECK (to_status in ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned'))
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "launch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "launch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "max_cod_order_value" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "blocked_phones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "orders_status_delivered_idx" ON "orders" USING btree ("status","delivered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_placed_by_idempotency_idx" ON "orders" USING btree ("placed_by","idempotency_key");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK (status in ('active', 'draft', 'coming-soon', 'archived'));--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cod_limit_positive" CHECK ("shop_settings"."max_cod_order_value" is null or "shop_settings"."max_cod_order_value" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK (status in ('pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK (payment_status in ('unpaid', 'collected', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_known" CHECK (channel in ('web', 'phone', 'whatsapp', 'instagram'));