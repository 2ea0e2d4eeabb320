import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { enableReadCache } from "~/db/read-cache.server";
import { launches, products } from "~/schema";
import { listProducts } from "~/modules/catalog/list-products.server";
import { parseListingQuery } from "~/modules/catalog/listing-query";
import { findSoonestLaunch } from "~/modules/launches/soonest-launch.server";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { saveLaunch } from "./save-launch.server";

const LAWN = "pocket-tee";
const OTHER = "heavyweight-oversized-tee";
const PLAIN = "essential-crew-neck-tee";
const HOUR = 3_600_000;

/**
 * A listing's countdown (issue 43): the soonest launch not open yet among the products a listing
 * shows, in one query; an opened launch, or products in no launch, give none. The cards carry the
 * time a coming-soon product opens, read with the card itself.
 */
describe.each(DATABASE_KINDS)("the listing's launch on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;

  afterEach(async () => {
    await db().delete(launches);
    await db()
      .update(products)
      .set({ status: "active", launchAt: null })
      .where(inArray(products.id, [LAWN, OTHER]));
  });

  /** Two launches: LAWN's in two hours, OTHER's in one. */
  async function twoLaunches(now: Date) {
    await db()
      .update(products)
      .set({ status: "draft" })
      .where(inArray(products.id, [LAWN, OTHER]));
    const later = { name: "Eid Lawn Drop", opensAt: new Date(now.getTime() + 2 * HOUR) };
    const sooner = { name: "Winter Tees", opensAt: new Date(now.getTime() + HOUR) };
    const common = { perBuyerLimit: null, waitingRoom: false };
    const a = await saveLaunch({ db: db(), now }, null, { ...later, ...common, productIds: [LAWN] });
    const b = await saveLaunch({ db: db(), now }, null, { ...sooner, ...common, productIds: [OTHER] });
    return { later: { id: a.id, ...later }, sooner: { id: b.id, ...sooner } };
  }

  it("answers the soonest launch not open yet among the listed products; opened ones and products in none give none", async () => {
    const now = new Date();
    const { later, sooner } = await twoLaunches(now);
    expect(await findSoonestLaunch(db(), [PLAIN, LAWN, OTHER], now)).toEqual(sooner);
    expect(await findSoonestLaunch(db(), [LAWN, PLAIN], now)).toEqual(later);
    // Products in no launch, or none listed: no countdown.
    expect(await findSoonestLaunch(db(), [PLAIN], now)).toBeNull();
    expect(await findSoonestLaunch(db(), [], now)).toBeNull();
    // Once the sooner one has opened, the later one is next; once both have, none.
    expect(await findSoonestLaunch(db(), [LAWN, OTHER], new Date(sooner.opensAt.getTime() + 1000))).toEqual(later);
    expect(await findSoonestLaunch(db(), [LAWN, OTHER], later.opensAt)).toBeNull();
    // The listing's cards carry when each coming-soon product opens.
    const listing = await listProducts(db(), parseListingQuery(new URLSearchParams(), "t-shirts"), now);
    const card = (id: string) => listing.items.find((p) => p.id === id);
    expect(card(LAWN)).toMatchObject({ status: "coming-soon", launchAt: later.opensAt });
    expect(card(OTHER)).toMatchObject({ status: "coming-soon", launchAt: sooner.opensAt });
    expect(card(PLAIN)).toMatchObject({ status: "active", launchAt: null });
  });

  it("kept in the read cache, an answer whose time has come is none, and a launch saved is read again", async () => {
    const now = new Date();
    const { later, sooner } = await twoLaunches(now);
    const cache = enableReadCache(db());
    try {
      expect(await findSoonestLaunch(db(), [LAWN, OTHER], now)).toEqual(sooner);
      // Its time has come, the launcher not run yet: the kept answer is not shown.
      expect(await findSoonestLaunch(db(), [LAWN, OTHER], sooner.opensAt)).toBeNull();
      // The catalogue changed (here by hand; the server by its change notices): asked again.
      cache.invalidate("catalog");
      expect(await findSoonestLaunch(db(), [LAWN, OTHER], sooner.opensAt)).toEqual(later);
    } finally {
      cache.invalidate("catalog");
    }
  });
});
