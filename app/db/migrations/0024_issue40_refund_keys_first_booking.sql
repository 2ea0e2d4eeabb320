ALTER TABLE "shipments" ADD COLUMN "booking_first_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_return_idempotency_key_idx" ON "refunds" USING btree ("return_id","idempotency_key") WHERE "refunds"."idempotency_key" is not null;