ALTER TABLE "couriers" DROP CONSTRAINT "couriers_provider_known";--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "ntn" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "strn" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "income_tax_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "sales_tax_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "income_tax_withheld" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "sales_tax_withheld" integer;--> statement-breakpoint
CREATE INDEX "settlements_paid_on_idx" ON "settlements" USING btree ("paid_on");--> statement-breakpoint
CREATE INDEX "shipments_settlement_idx" ON "shipments" USING btree ("settlement_id");--> statement-breakpoint
ALTER TABLE "couriers" ADD CONSTRAINT "couriers_provider_known" CHECK (provider in ('file', 'postex', 'leopards', 'tcs', 'trax', 'mnp'));