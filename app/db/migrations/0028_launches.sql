CREATE TABLE "launch_products" (
	"launch_id" integer NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "launch_products_launch_id_product_id_pk" PRIMARY KEY("launch_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "launches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"per_buyer_limit" integer,
	"waiting_room" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "launches_name_length" CHECK (char_length("launches"."name") between 1 and 80),
	CONSTRAINT "launches_limit_range" CHECK ("launches"."per_buyer_limit" is null or "launches"."per_buyer_limit" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "launch_products" ADD CONSTRAINT "launch_products_launch_id_launches_id_fk" FOREIGN KEY ("launch_id") REFERENCES "public"."launches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_products" ADD CONSTRAINT "launch_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "launch_products_product_idx" ON "launch_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "launches_opens_idx" ON "launches" USING btree ("opens_at");--> statement-breakpoint
-- A launch's time, limit and products show on its products' pages: a change is a catalogue change
-- (migration 0004's notify_catalog_changed), seen by every server process when it commits.
CREATE TRIGGER launches_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "launches" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER launch_products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "launch_products" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
