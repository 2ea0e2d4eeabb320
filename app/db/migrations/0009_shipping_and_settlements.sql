CREATE TABLE "courier_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"courier_id" integer,
	"applied_by" text,
	"applied_by_name" text NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_imports_kind_known" CHECK (kind in ('tracking', 'delivery', 'cod'))
);
--> statement-breakpoint
CREATE TABLE "courier_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"city" text,
	"amount" integer,
	"courier_id" integer,
	CONSTRAINT "courier_rules_kind_known" CHECK (kind in ('city', 'total-above', 'risk')),
	CONSTRAINT "courier_rules_city_given" CHECK ("courier_rules"."kind" <> 'city' or "courier_rules"."city" is not null),
	CONSTRAINT "courier_rules_amount_given" CHECK ("courier_rules"."kind" <> 'total-above' or "courier_rules"."amount" is not null)
);
--> statement-breakpoint
CREATE TABLE "courier_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tracking_url" text,
	"account_code" text,
	"rate_card" jsonb NOT NULL,
	"booking_columns" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"reference" text NOT NULL,
	"paid_on" text NOT NULL,
	"expected_total" integer NOT NULL,
	"paid_total" integer NOT NULL,
	"charges_total" integer NOT NULL,
	"import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"import_id" integer
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"courier_id" integer NOT NULL,
	"weight_grams" integer NOT NULL,
	"pieces" integer NOT NULL,
	"cod_amount" integer NOT NULL,
	"estimated_charge" integer NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_by" text,
	"tracking_number" text,
	"last_courier_status" text,
	"last_courier_status_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"collected_amount" integer,
	"charged_amount" integer,
	"net_paid" integer,
	"settlement_id" integer,
	CONSTRAINT "shipments_weight_positive" CHECK ("shipments"."weight_grams" > 0),
	CONSTRAINT "shipments_pieces_positive" CHECK ("shipments"."pieces" > 0),
	CONSTRAINT "shipments_cod_not_negative" CHECK ("shipments"."cod_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_discrepancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"courier_id" integer,
	"order_id" uuid,
	"settlement_id" integer,
	"expected" integer,
	"actual" integer,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_name" text,
	"resolved_note" text,
	CONSTRAINT "shipping_discrepancies_kind_known" CHECK (kind in ('not-settled', 'amount-differs', 'not-delivered', 'charge-above-estimate', 'total-differs'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_known";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "settlement_overdue_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_imports" ADD CONSTRAINT "courier_imports_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_imports" ADD CONSTRAINT "courier_imports_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_rules" ADD CONSTRAINT "courier_rules_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_uploads" ADD CONSTRAINT "courier_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_import_id_courier_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."courier_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_import_id_courier_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."courier_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_discrepancies" ADD CONSTRAINT "shipping_discrepancies_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_discrepancies" ADD CONSTRAINT "shipping_discrepancies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_discrepancies" ADD CONSTRAINT "shipping_discrepancies_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_imports_kind_hash_idx" ON "courier_imports" USING btree ("kind","file_hash");--> statement-breakpoint
CREATE INDEX "courier_rules_position_idx" ON "courier_rules" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_name_idx" ON "couriers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_courier_reference_idx" ON "settlements" USING btree ("courier_id","reference");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_courier_tracking_idx" ON "shipments" USING btree ("courier_id","tracking_number");--> statement-breakpoint
CREATE INDEX "shipments_courier_booked_idx" ON "shipments" USING btree ("courier_id","booked_at");--> statement-breakpoint
CREATE INDEX "shipments_unsettled_idx" ON "shipments" USING btree ("courier_id","delivered_at") WHERE "shipments"."settlement_id" is null;--> statement-breakpoint
CREATE INDEX "shipping_discrepancies_open_idx" ON "shipping_discrepancies" USING btree ("created_at") WHERE "shipping_discrepancies"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "shipping_discrepancies_order_idx" ON "shipping_discrepancies" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_positive" CHECK ("products"."weight_grams" is null or "products"."weight_grams" > 0);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_overdue_days_positive" CHECK ("shop_settings"."settlement_overdue_days" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK (payment_status in ('unpaid', 'collected', 'settled', 'refunded'));