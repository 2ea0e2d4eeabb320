CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" uuid,
	"gateway" text NOT NULL,
	"source" text NOT NULL,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"amount_paisa" integer,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_gateways" (
	"gateway" text PRIMARY KEY NOT NULL,
	"credentials" text NOT NULL,
	"credential_hints" jsonb NOT NULL,
	"offered" boolean DEFAULT true NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateways_known" CHECK (gateway in ('safepay', 'jazzcash'))
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_paisa" integer NOT NULL,
	"reference" text NOT NULL,
	"through_gateway" boolean NOT NULL,
	"requested_by" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount_paisa" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"hold_minutes" integer DEFAULT 30 NOT NULL,
	"cod_fee" integer DEFAULT 0 NOT NULL,
	"cod_fee_waived_above" integer,
	"advance_kind" text DEFAULT 'none' NOT NULL,
	"advance_value" integer DEFAULT 0 NOT NULL,
	"advance_above" integer,
	"advance_cities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"advance_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"advance_if_refused_before" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_one_row" CHECK ("payment_settings"."id" = 1),
	CONSTRAINT "payment_settings_hold" CHECK ("payment_settings"."hold_minutes" between 5 and 1440),
	CONSTRAINT "payment_settings_cod_fee" CHECK ("payment_settings"."cod_fee" >= 0 and ("payment_settings"."cod_fee_waived_above" is null or "payment_settings"."cod_fee_waived_above" >= 0)),
	CONSTRAINT "payment_settings_advance_kind" CHECK (advance_kind in ('none', 'delivery_fee', 'fixed', 'percent')),
	CONSTRAINT "payment_settings_advance_value" CHECK ("payment_settings"."advance_value" >= 0 and ("payment_settings"."advance_kind" <> 'percent' or "payment_settings"."advance_value" <= 100))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"gateway" text NOT NULL,
	"reference" text NOT NULL,
	"gateway_reference" text,
	"amount_paisa" integer NOT NULL,
	"currency" text DEFAULT 'PKR' NOT NULL,
	"state" text DEFAULT 'started' NOT NULL,
	"refunded_paisa" integer DEFAULT 0 NOT NULL,
	"method" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_paisa" > 0 and "payments"."refunded_paisa" between 0 and "payments"."amount_paisa"),
	CONSTRAINT "payments_purpose_known" CHECK (purpose in ('order', 'advance')),
	CONSTRAINT "payments_gateway_known" CHECK (gateway in ('safepay', 'jazzcash')),
	CONSTRAINT "payments_state_known" CHECK (state in ('started', 'paid', 'declined', 'expired', 'needs_refund', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "order_status_history" DROP CONSTRAINT "order_status_history_from_known";--> statement-breakpoint
ALTER TABLE "order_status_history" DROP CONSTRAINT "order_status_history_to_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_is_sum";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_due" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_created_idx" ON "payment_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_state_expires_idx" ON "payments" USING btree ("state","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_reference_idx" ON "payments" USING btree ("gateway","gateway_reference") WHERE "payments"."gateway_reference" is not null;--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_due_by") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_from_known" CHECK (from_status is null or from_status in ('awaiting_payment', 'pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned'));--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_to_known" CHECK (to_status in ('awaiting_payment', 'pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_within_total" CHECK ("orders"."cod_fee" >= 0 and "orders"."advance_due" between 0 and "orders"."total" and "orders"."amount_paid" between 0 and "orders"."total");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_is_sum" CHECK ("orders"."total" = "orders"."subtotal" - "orders"."discount_total" - "orders"."store_credit_used" - "orders"."exchange_credit" + "orders"."shipping_fee" + "orders"."cod_fee");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK (status in ('awaiting_payment', 'pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'returned'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK (payment_status in ('unpaid', 'collected', 'settled', 'refunded', 'paid', 'needs_refund'));