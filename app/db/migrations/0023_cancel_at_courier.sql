ALTER TABLE "shipments" DROP CONSTRAINT "shipments_booking_state_known";--> statement-breakpoint
DROP INDEX "shipments_booking_idx";--> statement-breakpoint
CREATE INDEX "shipments_booking_idx" ON "shipments" USING btree ("booking_next_at") WHERE "shipments"."booking_state" in ('requested', 'cancelling');--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_booking_state_known" CHECK (booking_state in ('requested', 'booked', 'failed', 'cancelling'));