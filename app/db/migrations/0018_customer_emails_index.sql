-- A customer's page lists the e-mails sent to the addresses on their orders (modules/customers/get-customer.server.ts):
-- one indexed range per address instead of a scan of the whole outbox. Hand-written (issue 31, no snapshot).
CREATE INDEX IF NOT EXISTS "message_outbox_to_address_idx" ON "message_outbox" USING btree (lower("to_address"),"created_at");
