CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_order" integer,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"applies_to" text DEFAULT 'all' NOT NULL,
	"category_slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"combines_with_sale" boolean DEFAULT true NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_known" CHECK (kind in ('percent', 'amount')),
	CONSTRAINT "discount_codes_scope_known" CHECK (applies_to in ('all', 'categories', 'products')),
	CONSTRAINT "discount_codes_value_positive" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" <> 'percent' or "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_uses_within_limit" CHECK ("discount_codes"."uses" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."uses" <= "discount_codes"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"phone" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scheduled_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"percent" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"applies_to" text NOT NULL,
	"category_slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_sales_scope_known" CHECK (applies_to in ('all', 'categories', 'products')),
	CONSTRAINT "scheduled_sales_percent_range" CHECK ("scheduled_sales"."percent" between 1 and 90),
	CONSTRAINT "scheduled_sales_window" CHECK ("scheduled_sales"."ends_at" > "scheduled_sales"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_is_sum";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_order_idx" ON "discount_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_user_idx" ON "discount_redemptions" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_phone_idx" ON "discount_redemptions" USING btree ("code_id","phone");--> statement-breakpoint
CREATE INDEX "discount_redemptions_created_idx" ON "discount_redemptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "scheduled_sales_ends_idx" ON "scheduled_sales" USING btree ("ends_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_within_subtotal" CHECK ("orders"."discount_total" between 0 and "orders"."subtotal");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_is_sum" CHECK ("orders"."total" = "orders"."subtotal" - "orders"."discount_total" + "orders"."shipping_fee");--> statement-breakpoint
-- A sale added, changed or removed changes the prices shoppers see: announced like any catalogue change.
CREATE TRIGGER scheduled_sales_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "scheduled_sales" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
