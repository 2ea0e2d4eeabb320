import { eq, like } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { costFiles, courierUploads, productVariants } from "~/schema";
import { fieldErrors } from "~/lib/form-reply";
import { createSeller } from "~/modules/accounts/create-seller.server";
import type { Auth } from "~/modules/accounts/auth.server";
import { findCostFile, keepCostFile } from "~/modules/catalog/import-costs.server";
import { portalCsv } from "~/integrations/couriers/file-portal/portal-stand-in";
import { callRoute, routeContext, signInCookie, TEST_ORIGIN } from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import * as costs from "./costs";

const PASSWORD = "quiet-mango-harbour-2026";
const TEE = "essential-crew-neck-tee";
const SKUS = 2_000;
const sku = (i: number) => `KPR-ECNT-SHADE${String(i).padStart(4, "0")}-M`;

describe.each(DATABASE_KINDS)("Import costs (/seller/products/costs) on %s", (kind) => {
  const database = useTestDatabase(kind);
  let context: AppLoadContext;
  let auth: Auth;
  let owner: { id: string; cookie: string };
  let teammate: { id: string; cookie: string };

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    const made = async (email: string) => ({
      id: (await createSeller(auth, database.db, { email, password: PASSWORD, name: email })).userId,
      cookie: await signInCookie(auth, email, PASSWORD),
    });
    owner = await made("owner@costs.pk");
    teammate = await made("team@costs.pk");
    // A catalogue of 2,000 SKUs: one product in 2,000 colours.
    await database.db.insert(productVariants).values(
      Array.from({ length: SKUS }, (_, i) => ({
        productId: TEE,
        color: `Shade ${i}`,
        size: "M",
        sku: sku(i),
        stock: 1,
        position: 100 + i,
      })),
    );
  });

  const post = (cookie: string, body: FormData) =>
    new Request(`${TEST_ORIGIN}/seller/products/costs`, {
      method: "POST",
      headers: { cookie, origin: TEST_ORIGIN },
      body,
    });
  const preview = async (cookie: string, file: Uint8Array) => {
    const form = new FormData();
    form.set("intent", "preview");
    form.set("file", new File([Buffer.from(file)], "costs.csv", { type: "text/csv" }));
    return callRoute(costs.action, { request: post(cookie, form), context });
  };
  const apply = (cookie: string, uploadId: string) => {
    const form = new FormData();
    form.set("intent", "apply");
    form.set("uploadId", uploadId);
    return callRoute(costs.action, { request: post(cookie, form), context });
  };

  it("previews and applies a file of 2,000 SKUs: the file stays on the server and Apply posts back its id", async () => {
    const file = portalCsv([
      ["Product", "SKU", "Cost"],
      ...Array.from({ length: SKUS }, (_, i) => ["Essential Crew Neck Tee", sku(i), String(300 + i)]),
    ]);
    expect(file.byteLength).toBeGreaterThan(64 * 1024); // more than a page form may carry
    const previewed = await preview(owner.cookie, file);
    expect(previewed.data).toMatchObject({ kind: "preview", preview: { changes: SKUS, refused: 0 } });
    const { uploadId } = previewed.data as { uploadId: string };
    // What Apply posts: the id, a few bytes (the old hidden field of rows was cut at 64 KB).
    expect(new URLSearchParams({ intent: "apply", uploadId }).toString().length).toBeLessThan(100);

    const applied = await apply(owner.cookie, uploadId);
    expect(applied.status).toBe(302);
    expect(applied.headers.get("location")).toBe("/seller/products");
    const set = await database.db
      .select({ sku: productVariants.sku, cost: productVariants.costPrice })
      .from(productVariants)
      .where(like(productVariants.sku, "KPR-ECNT-SHADE%"));
    expect(set).toHaveLength(SKUS);
    expect(set.every(({ sku: given, cost }) => given === sku(cost! - 300))).toBe(true);
    // Applied once: the kept file is gone, and the same id again changes nothing.
    expect(await database.db.select().from(costFiles).where(eq(costFiles.id, uploadId))).toHaveLength(0);
    const again = await apply(owner.cookie, uploadId);
    expect(again.init?.status).toBe(400);
    expect(fieldErrors(again.data)).toEqual({
      file: "This preview has expired or was already applied. Please upload the file again.",
    });
  });

  it("keeps a preview for the account that made it only, and for a day", async () => {
    const costNow = async () =>
      (
        await database.db
          .select({ cost: productVariants.costPrice })
          .from(productVariants)
          .where(eq(productVariants.sku, sku(1)))
      )[0].cost;
    const before = await costNow();
    const bytes = portalCsv([
      ["SKU", "Cost"],
      [sku(1), "999"],
    ]);
    const id = await keepCostFile(database.db, owner.id, { name: "costs.csv", bytes });
    expect(await findCostFile(database.db, owner.id, id)).toMatchObject({ id, name: "costs.csv" });
    expect(await findCostFile(database.db, teammate.id, id)).toBeNull();
    expect((await apply(teammate.cookie, id)).data).toMatchObject({ status: "error" });
    expect(await findCostFile(database.db, owner.id, id, new Date(Date.now() + 25 * 60 * 60 * 1000))).toBeNull();
    // A courier report's upload is not a cost file, whoever uploaded it.
    const [courierUpload] = await database.db
      .insert(courierUploads)
      .values({ fileName: "tcs.csv", bytes: Buffer.from(bytes), uploadedBy: owner.id })
      .returning({ id: courierUploads.id });
    expect(await findCostFile(database.db, owner.id, courierUpload.id)).toBeNull();
    // Nothing was applied by the refused attempts.
    expect(await costNow()).toBe(before);
  });
});
