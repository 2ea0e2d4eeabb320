import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { products } from "~/schema";
import { useTestDatabase } from "../tests/factories/test-database";
import { startLauncher } from "./launcher";

describe("the scheduled launcher the server starts", () => {
  const database = useTestDatabase("pglite");

  it("launches a due product on start and on each tick, leaves a future one, and stops", async () => {
    const [due, future] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, "coming-soon"));
    await database.db
      .update(products)
      .set({ launchAt: new Date(Date.now() - 60_000) })
      .where(eq(products.id, due.id));
    await database.db
      .update(products)
      .set({ launchAt: new Date(Date.now() + 3_600_000) })
      .where(eq(products.id, future.id));
    const logger = { info: vi.fn(), error: vi.fn() };
    const stop = startLauncher(database.db, logger, 50);
    const statusOf = async (id: string) =>
      (await database.db.select({ status: products.status }).from(products).where(eq(products.id, id)))[0].status;
    await vi.waitFor(async () => expect(await statusOf(due.id)).toBe("active"), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 200));
    stop();
    expect(await statusOf(future.id)).toBe("coming-soon");
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(logger.info.mock.calls[0][0]).toEqual({ products: [due.id], categories: [] });
    expect(logger.error).not.toHaveBeenCalled();
  });
});
