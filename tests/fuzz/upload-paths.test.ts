import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/schema";
import * as apiProductImages from "~/routes/api/product-images";
import * as apiShippingImports from "~/routes/api/shipping-imports";
import * as orderReturn from "~/routes/account/order-return";
import * as sellerCatalogueCategory from "~/routes/seller/catalogue/category";
import * as sellerProductForm from "~/routes/seller/products/product-form";
import * as sellerProductsCosts from "~/routes/seller/products/costs";
import * as sellerShipping from "~/routes/seller/shipping/shipping";
import { buildRequest, call, fuzzParams, openFuzzShop, snapshot, type FuzzShop, type Who } from "./fuzz-shop";
import { hostileFile, hostileFiles, type HostileFile } from "./hostile-files";

type Upload = {
  name: string;
  who: Exclude<Who, "guest">;
  fn: Parameters<typeof call>[1];
  path: (shop: FuzzShop) => string;
  params?: (shop: FuzzShop) => Record<string, string>;
  /** The form's other fields, and the field the file goes in. */
  fields: [string, string][];
  fileField: string;
  /** Tables a refusal may still write: a courier file that reads is kept for the mapping screen. */
  mayKeep?: string[];
};

/** Every path that takes an uploaded file: product photos, courier files, cost files, return photos. */
const UPLOADS: Upload[] = [
  {
    name: "POST /api/products/:id/images",
    who: "seller",
    fn: apiProductImages.action,
    path: (s) => `/api/products/${s.ids.product}/images`,
    params: (s) => ({ id: s.ids.product }),
    fields: [],
    fileField: "images",
  },
  {
    name: "Add Product: upload photos",
    who: "seller",
    fn: sellerProductForm.action,
    path: () => "/seller/products/new",
    fields: [["intent", "upload"]],
    fileField: "photos",
  },
  {
    name: "Add category: picture",
    who: "seller",
    fn: sellerCatalogueCategory.action,
    path: () => "/seller/catalogue/categories/new",
    fields: [
      ["intent", "save"],
      ["name", "Fuzz"],
    ],
    fileField: "image",
  },
  {
    name: "POST /api/shipping/imports",
    who: "seller",
    fn: apiShippingImports.action,
    path: () => "/api/shipping/imports",
    fields: [["kind", "tracking"]],
    fileField: "file",
    mayKeep: ["courier_uploads"],
  },
  {
    name: "Shipping: preview a courier file",
    who: "seller",
    fn: sellerShipping.action,
    path: () => "/seller/shipping",
    fields: [
      ["intent", "preview"],
      ["kind", "tracking"],
    ],
    fileField: "file",
    mayKeep: ["courier_uploads"],
  },
  {
    name: "Import costs: preview",
    who: "seller",
    fn: sellerProductsCosts.action,
    path: () => "/seller/products/costs",
    fields: [["intent", "preview"]],
    fileField: "file",
  },
  {
    name: "Return request: photos",
    who: "buyer",
    fn: orderReturn.action,
    path: (s) => `/orders/${s.ids.order}/return`,
    params: (s) => ({ id: s.ids.order }),
    fields: [["reason", "damaged"]],
    fileField: "photos",
  },
];

const MB = 1024 * 1024;
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
/** What stays of the JavaScript heap once the garbage is collected (outside it, PGlite's memory only ever grows). */
const retained = () => {
  collect();
  return process.memoryUsage().heapUsed;
};

/**
 * Hostile files posted to every upload path (fast-check over a corpus of ZIP bombs, workbooks
 * that reach far or nest deep, CSVs of empty lines or one huge line, pixel bombs, each also under
 * a lying name and type, and each cut short or with a byte changed): never a 5xx, never a crash,
 * nothing kept in memory afterwards, and a refusal changes nothing. (This process collects garbage
 * lazily, so the peak while a file is read is measured on the built server, with docs/deployment.md's
 * settings: server/hostile-uploads.integration.test.ts.)
 */
describe("fuzzing the upload paths with hostile files", () => {
  let shop: FuzzShop;
  let files: HostileFile[];
  beforeAll(async () => {
    shop = await openFuzzShop("pglite");
    // The buyer's order is delivered, so the return form takes photos.
    await shop.database.db
      .update(orders)
      .set({ status: "delivered", deliveredAt: new Date() })
      .where(eq(orders.id, shop.ids.order));
    files = await hostileFiles();
  }, 300_000);
  afterAll(async () => shop?.database.destroy());

  const post = async (upload: Upload, file: HostileFile) => {
    const form = new FormData();
    for (const [name, value] of upload.fields) form.append(name, value);
    form.append(upload.fileField, new File([Buffer.from(file.bytes)], file.name, { type: file.type }));
    return call(
      shop,
      upload.fn,
      buildRequest(shop, upload.who, upload.path(shop), { body: form }),
      upload.params?.(shop) ?? {},
    );
  };

  const without = (tables: Record<string, string>, names: string[] = []) =>
    Object.fromEntries(Object.entries(tables).filter(([name]) => !names.includes(name)));

  for (const upload of UPLOADS) {
    it(`${upload.name}: every hostile file is answered below 500, a refusal changes nothing, and nothing stays in memory`, async () => {
      const check = async (file: HostileFile) => {
        const before = await snapshot(shop);
        const answer = await post(upload, file);
        const label = `${upload.name}: ${file.what}`;
        expect(answer.status, label).toBeLessThan(500);
        if (answer.refused)
          expect(without(await snapshot(shop), upload.mayKeep), label).toEqual(without(before, upload.mayKeep));
      };
      await check(files[0]); // the route's code loaded, before memory is counted
      const start = retained();
      for (const file of files) await check(file);
      await fc.assert(fc.asyncProperty(hostileFile(files), check), fuzzParams());
      expect(
        (retained() - start) / MB,
        `${upload.name}: memory kept after ${files.length} hostile files and the fuzzed ones`,
      ).toBeLessThan(30);
    }, 600_000);
  }
});
