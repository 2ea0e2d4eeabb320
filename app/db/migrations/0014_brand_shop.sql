CREATE TABLE "category_redirects" (
	"from_slug" text PRIMARY KEY NOT NULL,
	"to_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hex" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	CONSTRAINT "colors_hex_format" CHECK ("colors"."hex" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "size_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sizes" jsonb NOT NULL,
	"guide" jsonb,
	CONSTRAINT "size_sets_has_sizes" CHECK (jsonb_array_length("size_sets"."sizes") > 0)
);
--> statement-breakpoint
CREATE TABLE "collection_products" (
	"collection_id" integer NOT NULL,
	"product_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_products_collection_id_product_id_pk" PRIMARY KEY("collection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" jsonb,
	"mode" text DEFAULT 'manual' NOT NULL,
	"rule_category_slug" text,
	"rule_tag" text,
	"rule_min_price" integer,
	"rule_max_price" integer,
	"rule_on_sale" boolean DEFAULT false NOT NULL,
	"rule_new_days" integer,
	"published" boolean DEFAULT true NOT NULL,
	"show_on_home" boolean DEFAULT false NOT NULL,
	"home_position" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_mode_known" CHECK ("collections"."mode" in ('manual', 'rule')),
	CONSTRAINT "collections_price_range" CHECK ("collections"."rule_min_price" is null or "collections"."rule_max_price" is null or "collections"."rule_max_price" >= "collections"."rule_min_price"),
	CONSTRAINT "collections_new_days_positive" CHECK ("collections"."rule_new_days" is null or "collections"."rule_new_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "hero_slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"eyebrow" text DEFAULT '' NOT NULL,
	"headline" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"button_label" text DEFAULT '' NOT NULL,
	"button_href" text DEFAULT '' NOT NULL,
	"image" jsonb,
	"phone_image" jsonb,
	"image_alt" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hero_slides_window" CHECK ("hero_slides"."starts_at" is null or "hero_slides"."ends_at" is null or "hero_slides"."ends_at" > "hero_slides"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu" text NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"label" text NOT NULL,
	"category_slug" text,
	"collection_id" integer,
	"page_id" integer,
	"url" text,
	CONSTRAINT "menu_items_menu_known" CHECK ("menu_items"."menu" in ('header', 'footer')),
	CONSTRAINT "menu_items_one_target" CHECK ((case when "menu_items"."category_slug" is null then 0 else 1 end + case when "menu_items"."collection_id" is null then 0 else 1 end + case when "menu_items"."page_id" is null then 0 else 1 end + case when "menu_items"."url" is null then 0 else 1 end) <= 1)
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"builtin" text,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_category_slug_categories_slug_fk";
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_set_id" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "return_window_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "local_delivery_min_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "local_delivery_max_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "national_delivery_min_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "national_delivery_max_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "logo" jsonb;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "favicon" jsonb;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "accent_color" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "announcement_text" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "announcement_href" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "announcement_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "announcement_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "show_featured_on_home" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "perks" jsonb;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "footer_text" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "social_links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "category_redirects" ADD CONSTRAINT "category_redirects_to_slug_categories_slug_fk" FOREIGN KEY ("to_slug") REFERENCES "public"."categories"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_rule_category_slug_categories_slug_fk" FOREIGN KEY ("rule_category_slug") REFERENCES "public"."categories"("slug") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_parent_id_menu_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_category_slug_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."categories"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "colors_name_idx" ON "colors" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "size_sets_name_idx" ON "size_sets" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "collection_products_product_idx" ON "collection_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_slug_idx" ON "collections" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "menu_items_menu_idx" ON "menu_items" USING btree ("menu","parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_slug_idx" ON "pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_builtin_idx" ON "pages" USING btree ("builtin");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_set_id_size_sets_id_fk" FOREIGN KEY ("size_set_id") REFERENCES "public"."size_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_slug_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."categories"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "product_variants_color_idx" ON "product_variants" USING btree ("color","product_id");--> statement-breakpoint
CREATE INDEX "product_variants_size_idx" ON "product_variants" USING btree ("size","product_id");--> statement-breakpoint
CREATE INDEX "products_size_set_idx" ON "products" USING btree ("size_set_id");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_return_window" CHECK ("shop_settings"."return_window_days" >= 0);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_delivery_days" CHECK ("shop_settings"."local_delivery_min_days" > 0 and "shop_settings"."local_delivery_max_days" >= "shop_settings"."local_delivery_min_days" and "shop_settings"."national_delivery_min_days" > 0 and "shop_settings"."national_delivery_max_days" >= "shop_settings"."national_delivery_min_days");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_accent_format" CHECK ("shop_settings"."accent_color" is null or "shop_settings"."accent_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
-- The options every shop starts with (the demo shop's, formerly constants in code): eight colours
-- with their swatches, and the sizes XS-XXL in three sets whose size guides are the ones the product
-- page showed for tops, trousers and shorts. The owner renames, retires and adds to them.
INSERT INTO "colors" ("name", "hex", "position") VALUES
  ('Black', '#000000', 0), ('White', '#ffffff', 1), ('Gray', '#9ca3af', 2), ('Navy', '#172554', 3),
  ('Red', '#dc2626', 4), ('Blue', '#2563eb', 5), ('Green', '#15803d', 6), ('Brown', '#92400e', 7);--> statement-breakpoint
INSERT INTO "size_sets" ("name", "position", "sizes", "guide") VALUES
  ('Tops', 0, '["XS","S","M","L","XL","XXL"]', '{"columns":["Chest (in)","Length (in)","Shoulder (in)"],"rows":[{"size":"XS","values":["34-36","26","16"]},{"size":"S","values":["36-38","27","17"]},{"size":"M","values":["38-40","28","18"]},{"size":"L","values":["40-42","29","19"]},{"size":"XL","values":["42-44","30","20"]},{"size":"XXL","values":["44-46","31","21"]}]}'),
  ('Trousers', 1, '["XS","S","M","L","XL","XXL"]', '{"columns":["Waist (in)","Hip (in)","Inseam (in)"],"rows":[{"size":"XS","values":["27-28","35","30"]},{"size":"S","values":["29-30","37","31"]},{"size":"M","values":["31-32","39","31"]},{"size":"L","values":["33-34","41","32"]},{"size":"XL","values":["35-36","43","32"]},{"size":"XXL","values":["37-38","45","33"]}]}'),
  ('Shorts', 2, '["XS","S","M","L","XL","XXL"]', '{"columns":["Waist (in)","Hip (in)","Length (in)"],"rows":[{"size":"XS","values":["27-28","35","7-9"]},{"size":"S","values":["29-30","37","7-9"]},{"size":"M","values":["31-32","39","7-9"]},{"size":"L","values":["33-34","41","7-9"]},{"size":"XL","values":["35-36","43","7-9"]},{"size":"XXL","values":["37-38","45","7-9"]}]}');--> statement-breakpoint
UPDATE "products" SET "size_set_id" = (SELECT "id" FROM "size_sets" WHERE "name" = CASE "products"."category_slug" WHEN 'trousers' THEN 'Trousers' WHEN 'shorts' THEN 'Shorts' ELSE 'Tops' END);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "size_set_id" SET NOT NULL;--> statement-breakpoint
-- The built-in pages, each showing its default text (in code) until the owner writes its own.
INSERT INTO "pages" ("slug", "title", "builtin") VALUES
  ('about', 'About Us', 'about'), ('returns', 'Returns & Exchanges', 'returns'), ('shipping', 'Shipping & Delivery', 'shipping'),
  ('privacy', 'Privacy Policy', 'privacy'), ('terms', 'Terms of Service', 'terms'), ('faq', 'Frequently Asked Questions', 'faq');--> statement-breakpoint
-- The menus the header and footer had in code. The footer's Shop column lists the categories a
-- shop has now; a new shop's seed adds its own.
INSERT INTO "menu_items" ("menu", "position", "label", "url") VALUES
  ('header', 0, 'Home', '/'), ('header', 1, 'Products', '/products');--> statement-breakpoint
INSERT INTO "menu_items" ("menu", "position", "label", "page_id") SELECT 'header', 2, 'About', "id" FROM "pages" WHERE "builtin" = 'about';--> statement-breakpoint
INSERT INTO "menu_items" ("menu", "position", "label", "url") VALUES ('header', 3, 'Contact', '/contact');--> statement-breakpoint
INSERT INTO "menu_items" ("menu", "position", "label") VALUES ('footer', 0, 'Shop'), ('footer', 1, 'Help');--> statement-breakpoint
INSERT INTO "menu_items" ("menu", "parent_id", "position", "label", "url") SELECT 'footer', "id", 0, 'All products', '/products' FROM "menu_items" WHERE "menu" = 'footer' AND "label" = 'Shop';--> statement-breakpoint
INSERT INTO "menu_items" ("menu", "parent_id", "position", "label", "category_slug")
  SELECT 'footer', m."id", c."position" + 1, c."name", c."slug" FROM "categories" c, "menu_items" m WHERE m."menu" = 'footer' AND m."label" = 'Shop' AND NOT c."hidden";--> statement-breakpoint
INSERT INTO "menu_items" ("menu", "parent_id", "position", "label", "url") SELECT 'footer', "id", 0, 'Contact us', '/contact' FROM "menu_items" WHERE "menu" = 'footer' AND "label" = 'Help';--> statement-breakpoint
INSERT INTO "menu_items" ("menu", "parent_id", "position", "label", "page_id")
  SELECT 'footer', m."id", p.n, p.label, pg."id" FROM "menu_items" m,
    (VALUES (1, 'About us', 'about'), (2, 'Privacy Policy', 'privacy'), (3, 'Terms of Service', 'terms'), (4, 'Returns & Exchanges', 'returns')) AS p(n, label, builtin)
    JOIN "pages" pg ON pg."builtin" = p.builtin
  WHERE m."menu" = 'footer' AND m."label" = 'Help';--> statement-breakpoint
-- Every server process keeps the catalogue's and the storefront's reads in memory: changes to these
-- tables announce themselves like the catalogue's own (migration 0004).
CREATE TRIGGER category_redirects_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "category_redirects" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER colors_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "colors" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER size_sets_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "size_sets" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER collections_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collections" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER collection_products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collection_products" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER hero_slides_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hero_slides" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER pages_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pages" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER menu_items_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menu_items" FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
