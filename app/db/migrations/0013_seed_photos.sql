CREATE TABLE "seed_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"alt" text NOT NULL,
	"color" text,
	"svg" text NOT NULL,
	"claimed_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "seed_photos" ADD CONSTRAINT "seed_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seed_photos_order_idx" ON "seed_photos" USING btree ("position","id");