CREATE TABLE "courier_city_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"city_key" text NOT NULL,
	"shop_city" text NOT NULL,
	"courier_city_id" text NOT NULL,
	"courier_city_name" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_city_matches_source_known" CHECK (source in ('auto', 'owner'))
);
--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "provider" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "api_credentials" text;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "api_credential_hints" jsonb;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "courier_cities" jsonb;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "pickup_addresses" jsonb;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "pickup_address_code" text;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "sync_every_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "tracked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "payments_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "api_error" text;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "api_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "from_api" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "booking_state" text DEFAULT 'booked' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "booking_error" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "booking_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "booking_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "courier_label_url" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "last_tracked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "problem_status" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "problem_reason" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "problem_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "advice" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "advice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "advice_by_name" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "advice_error" text;--> statement-breakpoint
ALTER TABLE "courier_city_matches" ADD CONSTRAINT "courier_city_matches_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_city_matches_key_idx" ON "courier_city_matches" USING btree ("courier_id","city_key");--> statement-breakpoint
CREATE INDEX "shipments_booking_idx" ON "shipments" USING btree ("booking_next_at") WHERE "shipments"."booking_state" = 'requested';--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("courier_id","last_tracked_at") WHERE "shipments"."delivered_at" is null and "shipments"."returned_at" is null and "shipments"."tracking_number" is not null;--> statement-breakpoint
CREATE INDEX "shipments_problem_idx" ON "shipments" USING btree ("problem_at") WHERE "shipments"."problem_at" is not null and "shipments"."advice" is null;--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_provider_known" CHECK (provider in ('file', 'postex', 'leopards'));--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_sync_every_sane" CHECK ("couriers"."sync_every_minutes" between 15 and 1440);--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_booking_state_known" CHECK (booking_state in ('requested', 'booked', 'failed'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_advice_known" CHECK (advice is null or advice in ('reattempt', 'return'));