-- Reports (issue 31): courier charges of the parcels delivered or returned in a range, and the
-- delivered orders whose items lack a cost (a small partial index: items without a cost are few).
CREATE INDEX IF NOT EXISTS "shipments_delivered_idx" ON "shipments" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipments_returned_idx" ON "shipments" USING btree ("returned_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_items_uncosted_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."unit_cost" is null;
