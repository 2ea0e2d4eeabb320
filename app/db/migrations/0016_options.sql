-- The product page's size guide shows each column as the owner names it (a kurta's may be in cm).
-- The three starter guides were shown as "Chest (in)" and so on: name their columns that way, so
-- the demo shop reads as before. Only a guide still as migration 0014 wrote it is touched.
UPDATE "size_sets" SET "guide" = jsonb_set("guide", '{columns}', '["Chest (in)","Length (in)","Shoulder (in)"]'::jsonb)
  WHERE "name" = 'Tops' AND "guide"->'columns' = '["Chest","Length","Shoulder"]'::jsonb;--> statement-breakpoint
UPDATE "size_sets" SET "guide" = jsonb_set("guide", '{columns}', '["Waist (in)","Hip (in)","Inseam (in)"]'::jsonb)
  WHERE "name" = 'Trousers' AND "guide"->'columns' = '["Waist","Hip","Inseam"]'::jsonb;--> statement-breakpoint
UPDATE "size_sets" SET "guide" = jsonb_set("guide", '{columns}', '["Waist (in)","Hip (in)","Length (in)"]'::jsonb)
  WHERE "name" = 'Shorts' AND "guide"->'columns' = '["Waist","Hip","Length"]'::jsonb;
