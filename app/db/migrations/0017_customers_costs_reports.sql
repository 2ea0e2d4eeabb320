CREATE TABLE "customer_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"body" text NOT NULL,
	"show_on_orders" boolean DEFAULT false NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_tags" (
	"customer_id" integer NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_tags_customer_id_tag_pk" PRIMARY KEY("customer_id","tag")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"city" text NOT NULL,
	"user_id" text,
	"orders" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"delivery_rate" integer,
	"lifetime_value" integer DEFAULT 0 NOT NULL,
	"average_order" integer DEFAULT 0 NOT NULL,
	"first_order_at" timestamp with time zone NOT NULL,
	"last_order_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_phone_unique" UNIQUE("phone"),
	CONSTRAINT "customers_figures_consistent" CHECK ("customers"."delivered" + "customers"."returned" + "customers"."cancelled" <= "customers"."orders" and "customers"."delivered" >= 0 and "customers"."returned" >= 0 and "customers"."cancelled" >= 0)
);
--> statement-breakpoint
CREATE TABLE "daily_job_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_job_runs_job_day_pk" PRIMARY KEY("job","day")
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "cost_price" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cost_price" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "risk_tags" jsonb DEFAULT '["risky"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "min_delivery_rate" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "min_finished_parcels" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "low_stock_digest" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit_cost" integer;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_segments" ADD CONSTRAINT "customer_segments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_notes_on_orders_idx" ON "customer_notes" USING btree ("customer_id") WHERE "customer_notes"."show_on_orders";--> statement-breakpoint
CREATE UNIQUE INDEX "customer_segments_name_idx" ON "customer_segments" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "customer_tags_lower_idx" ON "customer_tags" USING btree ("customer_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "customer_tags_tag_idx" ON "customer_tags" USING btree (lower("tag"));--> statement-breakpoint
CREATE INDEX "customers_last_order_idx" ON "customers" USING btree ("last_order_at","id");--> statement-breakpoint
CREATE INDEX "customers_lifetime_value_idx" ON "customers" USING btree ("lifetime_value","id");--> statement-breakpoint
CREATE INDEX "customers_orders_idx" ON "customers" USING btree ("orders","id");--> statement-breakpoint
CREATE INDEX "customers_city_idx" ON "customers" USING btree ("city");--> statement-breakpoint
CREATE INDEX "customers_user_idx" ON "customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_cost_not_negative" CHECK ("product_variants"."cost_price" is null or "product_variants"."cost_price" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cost_not_negative" CHECK ("products"."cost_price" is null or "products"."cost_price" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_not_negative" CHECK ("products"."low_stock_threshold" is null or "products"."low_stock_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_min_delivery_rate" CHECK ("shop_settings"."min_delivery_rate" is null or "shop_settings"."min_delivery_rate" between 1 and 100);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_min_finished_parcels" CHECK ("shop_settings"."min_finished_parcels" >= 1);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_low_stock" CHECK ("shop_settings"."low_stock_threshold" >= 0);
--> statement-breakpoint
-- A customer's row, recomputed from their orders (app/db/schema/customers.ts): figures by
-- status, revenue by modules/orders/order-revenue.ts (total + store credit used - refunds, delivered
-- orders only), the newest order's name and city. No order left (anonymised or deleted): the row goes.
CREATE OR REPLACE FUNCTION refresh_customer(p text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  n integer; d integer; r integer; c integer; paid bigint; refunded bigint;
  first_at timestamptz; last_at timestamptz; latest record;
BEGIN
  IF p IS NULL OR p = '' THEN RETURN; END IF;
  SELECT count(*), count(*) FILTER (WHERE status = 'delivered'), count(*) FILTER (WHERE status = 'returned'),
         count(*) FILTER (WHERE status = 'cancelled'),
         coalesce(sum(total + store_credit_used) FILTER (WHERE status = 'delivered'), 0), min(created_at), max(created_at)
    INTO n, d, r, c, paid, first_at, last_at
    FROM orders WHERE phone = p;
  IF n = 0 THEN
    DELETE FROM customers WHERE phone = p;
    RETURN;
  END IF;
  SELECT coalesce(sum(f.amount), 0) INTO refunded
    FROM refunds f JOIN orders o ON o.id = f.order_id WHERE o.phone = p AND o.status = 'delivered';
  SELECT full_name, city INTO latest FROM orders WHERE phone = p ORDER BY created_at DESC, id DESC LIMIT 1;
  INSERT INTO customers AS cu (phone, name, email, city, user_id, orders, delivered, returned, cancelled,
                               delivery_rate, lifetime_value, average_order, first_order_at, last_order_at)
  VALUES (
    p, latest.full_name,
    (SELECT email FROM orders WHERE phone = p AND email <> '' ORDER BY created_at DESC LIMIT 1),
    latest.city,
    (SELECT user_id FROM orders WHERE phone = p AND user_id IS NOT NULL ORDER BY created_at DESC LIMIT 1),
    n, d, r, c,
    CASE WHEN d + r > 0 THEN (d * 100) / (d + r) END,
    paid - refunded,
    CASE WHEN d > 0 THEN round((paid - refunded)::numeric / d)::integer ELSE 0 END,
    first_at, last_at)
  ON CONFLICT (phone) DO UPDATE SET
    name = excluded.name, email = excluded.email, city = excluded.city, user_id = excluded.user_id,
    orders = excluded.orders, delivered = excluded.delivered, returned = excluded.returned, cancelled = excluded.cancelled,
    delivery_rate = excluded.delivery_rate, lifetime_value = excluded.lifetime_value, average_order = excluded.average_order,
    first_order_at = excluded.first_order_at, last_order_at = excluded.last_order_at, updated_at = now();
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_refresh_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM refresh_customer(OLD.phone); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.phone IS DISTINCT FROM OLD.phone) THEN PERFORM refresh_customer(NEW.phone); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refunds_refresh_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM refresh_customer((SELECT phone FROM orders WHERE id = OLD.order_id)); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM refresh_customer((SELECT phone FROM orders WHERE id = NEW.order_id)); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_customer_insert AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_refresh_customer();--> statement-breakpoint
CREATE TRIGGER orders_customer_delete AFTER DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_refresh_customer();--> statement-breakpoint
CREATE TRIGGER orders_customer_update AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN (OLD.phone IS DISTINCT FROM NEW.phone OR OLD.status IS DISTINCT FROM NEW.status OR OLD.full_name IS DISTINCT FROM NEW.full_name
        OR OLD.email IS DISTINCT FROM NEW.email OR OLD.city IS DISTINCT FROM NEW.city OR OLD.user_id IS DISTINCT FROM NEW.user_id
        OR OLD.total IS DISTINCT FROM NEW.total OR OLD.store_credit_used IS DISTINCT FROM NEW.store_credit_used
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION orders_refresh_customer();--> statement-breakpoint
CREATE TRIGGER refunds_customer AFTER INSERT OR UPDATE OR DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION refunds_refresh_customer();--> statement-breakpoint
SELECT refresh_customer(phone) FROM (SELECT DISTINCT phone FROM orders WHERE phone <> '') AS known;
