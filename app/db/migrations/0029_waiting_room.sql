CREATE TABLE "waiting_room" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_ticket" bigint DEFAULT 0 NOT NULL,
	"admitted_through" bigint DEFAULT 0 NOT NULL,
	"per_second" real DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_room_one_row" CHECK ("waiting_room"."id" = 1),
	CONSTRAINT "waiting_room_admitted_given" CHECK ("waiting_room"."admitted_through" <= "waiting_room"."last_ticket")
);
--> statement-breakpoint
-- A variant selling out (or coming back) changes what every guest page shows: it is announced on
-- 'catalog_changed' as 'stock_availability', so every process drops its cached guest pages at once
-- (server/read-cache-listener.ts). Other stock changes are not: every order makes one.
CREATE OR REPLACE FUNCTION notify_stock_availability() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', 'stock_availability');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_variants_availability_changed AFTER UPDATE OF "stock" ON "product_variants" FOR EACH ROW
  WHEN ((OLD.stock > 0) <> (NEW.stock > 0)) EXECUTE FUNCTION notify_stock_availability();
