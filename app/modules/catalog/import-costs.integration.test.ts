import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, productVariants } from "~/schema";
import { readCourierFile } from "~/integrations/couriers/file-portal/read-courier-file.server";
import { portalCsv, portalFile, portalXlsx } from "~/integrations/couriers/file-portal/portal-stand-in";
import { toCourierSheet } from "~/modules/shipping/imports/courier-sheet";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { COST_FILE_MESSAGES, readCostSheet } from "./cost-import";
import { applyCostImport, previewCostImport } from "./import-costs.server";

const TEE = "essential-crew-neck-tee";

describe("a cost file's columns", () => {
  it("finds the product, SKU and cost columns by their usual names, and refuses a file without them", () => {
    const sheet = toCourierSheet([
      ["Product Name", "SKU", "Cost Price (PKR)"],
      ["Tee", "", "650"],
      ["", "A-1", "Rs 700"],
    ]);
    expect(readCostSheet(sheet)).toEqual({
      rows: [
        { line: 2, product: "Tee", sku: "", cost: "650" },
        { line: 3, product: "", sku: "A-1", cost: "Rs 700" },
      ],
    });
    expect(
      readCostSheet(
        toCourierSheet([
          ["Product", "Price"],
          ["Tee", "1"],
        ]),
      ),
    ).toEqual({ error: COST_FILE_MESSAGES.noCost });
    expect(
      readCostSheet(
        toCourierSheet([
          ["Colour", "Cost"],
          ["Black", "1"],
        ]),
      ),
    ).toEqual({ error: COST_FILE_MESSAGES.noTarget });
  });
});

describe.each(DATABASE_KINDS)("importing costs on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let teeName: string;
  let blackXl: { id: number; sku: string };
  let chinos: { id: string; name: string };

  beforeAll(async () => {
    [{ name: teeName }] = await db().select({ name: products.name }).from(products).where(eq(products.id, TEE));
    [blackXl] = await db()
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(
        and(eq(productVariants.productId, TEE), eq(productVariants.color, "Black"), eq(productVariants.size, "XL")),
      );
    [chinos] = await db()
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.categorySlug, "trousers"))
      .limit(1);
    await db().update(products).set({ costPrice: 500 }).where(eq(products.id, TEE));
  });

  const sheetRows = async (file: Uint8Array, name = "costs.csv") => {
    const read = readCostSheet(await readCourierFile(portalFile(name, file)));
    if ("error" in read) throw new Error(read.error);
    return read.rows;
  };

  it("previews per row what changes, matched by id, exact name (any case) and SKU, and refuses bad rows with their row number and reason", async () => {
    const rows = await sheetRows(
      portalCsv([
        ["Product", "SKU", "Cost"],
        [TEE, "", "650"],
        [chinos.name.toUpperCase(), "", "1,100"],
        ["", blackXl.sku.toLowerCase(), "700"],
        ["No Such Shirt", "", "100"],
        ["", "NOPE-SKU", "100"],
        [TEE, "", "12.5"],
        ["", "", "300"],
        [teeName, "", "640"],
        [chinos.id, "", ""],
      ]),
    );
    const preview = await previewCostImport(db(), rows);
    expect({ changes: preview.changes, same: preview.same, refused: preview.refused }).toEqual({
      changes: 3,
      same: 0,
      refused: 6,
    });
    const byLine = Object.fromEntries(preview.rows.map((r) => [r.line, r]));
    expect(byLine[2]).toMatchObject({
      status: "change",
      target: { kind: "product", productId: TEE, oldCost: 500, newCost: 650, variant: null },
    });
    expect(byLine[3]).toMatchObject({
      status: "change",
      target: { kind: "product", productId: chinos.id, oldCost: null, newCost: 1100 },
    });
    expect(byLine[4]).toMatchObject({
      status: "change",
      target: {
        kind: "variant",
        productId: TEE,
        variant: { id: blackXl.id, color: "Black", size: "XL", sku: blackXl.sku },
        oldCost: null,
        newCost: 700,
      },
    });
    expect(byLine[5]).toMatchObject({ status: "refused", reason: 'No product has the id or name "No Such Shirt"' });
    expect(byLine[6]).toMatchObject({ status: "refused", reason: 'No colour and size has the SKU "NOPE-SKU"' });
    expect(byLine[7]).toMatchObject({ status: "refused", reason: '"12.5" is not a cost: whole rupees, 0 or more' });
    expect(byLine[8]).toMatchObject({ status: "refused", reason: "Give a product (its id or exact name) or a SKU" });
    expect(byLine[9]).toMatchObject({ status: "refused", reason: "Row 2 already sets this product's cost" });
    expect(byLine[10]).toMatchObject({ status: "refused", reason: "No cost given" });
    // A preview writes nothing.
    expect((await db().select({ c: products.costPrice }).from(products).where(eq(products.id, TEE)))[0].c).toBe(500);

    const applied = await applyCostImport(db(), rows);
    expect(applied.updated).toBe(3);
    expect((await db().select({ c: products.costPrice }).from(products).where(eq(products.id, TEE)))[0].c).toBe(650);
    expect((await db().select({ c: products.costPrice }).from(products).where(eq(products.id, chinos.id)))[0].c).toBe(
      1100,
    );
    expect(
      (
        await db()
          .select({ c: productVariants.costPrice })
          .from(productVariants)
          .where(eq(productVariants.id, blackXl.id))
      )[0].c,
    ).toBe(700);
    // The same file again changes nothing.
    const again = await previewCostImport(db(), rows);
    expect({ changes: again.changes, same: again.same }).toEqual({ changes: 0, same: 3 });
  });

  it("reads an Excel file the same way, and refuses a name two products share", async () => {
    await db().update(products).set({ name: "Twin Name" }).where(eq(products.id, chinos.id));
    const [other] = await db()
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.categorySlug, "hoodies"))
      .limit(1);
    await db().update(products).set({ name: "twin name" }).where(eq(products.id, other.id));
    try {
      const rows = await sheetRows(
        await portalXlsx([
          ["SKU", "Product", "Cost"],
          [blackXl.sku, "", 720],
          ["", "Twin Name", 10],
        ]),
        "costs.xlsx",
      );
      const preview = await previewCostImport(db(), rows);
      expect(preview.rows).toMatchObject([
        { line: 2, status: "change", target: { oldCost: 700, newCost: 720 } },
        { line: 3, status: "refused", reason: '2 products are named "Twin Name": use the product\'s id' },
      ]);
    } finally {
      await db().update(products).set({ name: chinos.name }).where(eq(products.id, chinos.id));
      await db().update(products).set({ name: other.name }).where(eq(products.id, other.id));
    }
  });

  it("checks every row again on Apply: a row with a bad cost or an unknown product changes nothing", async () => {
    const applied = await applyCostImport(db(), [
      { line: 2, product: TEE, sku: "", cost: "-1" },
      { line: 3, product: "made-up-product", sku: "", cost: "5" },
    ]);
    expect(applied).toMatchObject({ updated: 0, refused: 2 });
    expect((await db().select({ c: products.costPrice }).from(products).where(eq(products.id, TEE)))[0].c).toBe(650);
  });
});
