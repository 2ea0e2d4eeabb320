import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { resetToMigration } from "../../tests/factories/migrations-up-to";
import { migrateDatabase } from "./client.server";
import { colors, menuItems, pages, products, sizeSets } from "~/schema";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-brand-migration-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * Migration 0014 turns the demo shop's constants into data: a shop that upgrades gets the eight
 * colours, the XS-XXL size sets with the guides its product pages showed (each product in the set
 * of its category), the built-in pages, and its header and footer menus as they were in code.
 */
describe.each(DATABASE_KINDS)("the brand's own shop migration on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "empty" });

  it("gives an existing shop's products a size set and its menus the shop's categories", async () => {
    const { db } = database;
    await resetToMigration(database, tmp, "0013_seed_photos");
    await db.execute(
      sql`insert into categories (slug, name, position) values ('t-shirts', 'T-Shirts', 0), ('trousers', 'Trousers', 1), ('shorts', 'Shorts', 2)`,
    );
    await db.execute(
      sql`insert into products (id, name, category_slug, price) values ('tee', 'Tee', 't-shirts', 999), ('chino', 'Chino', 'trousers', 2499), ('short', 'Short', 'shorts', 1499)`,
    );

    await migrateDatabase(database);

    expect(
      (await db.select().from(colors).orderBy(asc(colors.position))).map((c) => [c.name, c.hex, c.retired]),
    ).toEqual([
      ["Black", "#000000", false],
      ["White", "#ffffff", false],
      ["Gray", "#9ca3af", false],
      ["Navy", "#172554", false],
      ["Red", "#dc2626", false],
      ["Blue", "#2563eb", false],
      ["Green", "#15803d", false],
      ["Brown", "#92400e", false],
    ]);
    const sets = await db.select().from(sizeSets).orderBy(asc(sizeSets.position));
    expect(sets.map((s) => [s.name, s.sizes, s.guide?.columns])).toEqual([
      ["Tops", ["XS", "S", "M", "L", "XL", "XXL"], ["Chest (in)", "Length (in)", "Shoulder (in)"]],
      ["Trousers", ["XS", "S", "M", "L", "XL", "XXL"], ["Waist (in)", "Hip (in)", "Inseam (in)"]],
      ["Shorts", ["XS", "S", "M", "L", "XL", "XXL"], ["Waist (in)", "Hip (in)", "Length (in)"]],
    ]);
    const setName = new Map(sets.map((s) => [s.id, s.name]));
    const kept = await db
      .select({ id: products.id, sizeSetId: products.sizeSetId })
      .from(products)
      .orderBy(asc(products.id));
    expect(kept.map((p) => [p.id, setName.get(p.sizeSetId)])).toEqual([
      ["chino", "Trousers"],
      ["short", "Shorts"],
      ["tee", "Tops"],
    ]);

    expect(
      await db
        .select({ slug: pages.slug, builtin: pages.builtin, body: pages.body })
        .from(pages)
        .orderBy(asc(pages.id)),
    ).toEqual(
      ["about", "returns", "shipping", "privacy", "terms", "faq"].map((slug) => ({ slug, builtin: slug, body: null })),
    );
    const items = await db
      .select()
      .from(menuItems)
      .orderBy(asc(menuItems.menu), asc(menuItems.parentId), asc(menuItems.position));
    const labels = (menu: "header" | "footer", parentId: number | null) =>
      items.filter((i) => i.menu === menu && i.parentId === parentId).map((i) => i.label);
    expect(labels("header", null)).toEqual(["Home", "Products", "About", "Contact"]);
    const [shopColumn, helpColumn] = items.filter((i) => i.menu === "footer" && i.parentId === null);
    expect([shopColumn.label, helpColumn.label]).toEqual(["Shop", "Help"]);
    expect(labels("footer", shopColumn.id)).toEqual(["All products", "T-Shirts", "Trousers", "Shorts"]);
    expect(labels("footer", helpColumn.id)).toEqual([
      "Contact us",
      "About us",
      "Privacy Policy",
      "Terms of Service",
      "Returns & Exchanges",
    ]);

    // A category's new slug follows into its products and menu links.
    await db.execute(sql`update categories set slug = 'tees' where slug = 't-shirts'`);
    expect((await db.select({ c: products.categorySlug }).from(products).where(eq(products.id, "tee")))[0].c).toBe(
      "tees",
    );
    expect(items.find((i) => i.categorySlug === "t-shirts")).toBeDefined();
    expect((await db.select().from(menuItems).where(eq(menuItems.categorySlug, "tees"))).map((i) => i.label)).toEqual([
      "T-Shirts",
    ]);
  });
});
