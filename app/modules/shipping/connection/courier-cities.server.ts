import { citiesPath, unmatchedCityReason } from "./city-names";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { courierCityMatches, couriers } from "~/modules/shipping/tables";
import type { CourierCityEntry } from "~/modules/shipping/tables";
import type { CityMatchSource } from "~/db/schema/statuses";
import { getCourier, type Courier } from "../couriers/couriers.server";
import { foldCity, matchCourierCity } from "./city-names";

/** How many of the shop's cities the Cities page lists (the most-waited-for first). */
export const SHOP_CITY_LIMIT = 300;
/** Orders this recent count as "recent" for the cities the shop ships to. */
const RECENT_DAYS = 90;

/** A column folded as foldCity folds in JS: lower case, letters and digits only. */
const cityKeySql = (column: unknown) => sql<string>`regexp_replace(lower(${column}), '[^a-z0-9]', '', 'g')`;

export type CityMatch = { courierCity: CourierCityEntry; source: CityMatchSource };
export type ShopCityRow = {
  cityKey: string;
  shopCity: string;
  /** Orders confirmed (or processing) and not yet booked, to this city. */
  waiting: number;
  /** The owner's pick or an automatic match stored at booking; else what the names say now (source auto). */
  match: CityMatch | null;
};

/**
 * The shop's cities matched to the courier's list: the cities of orders waiting to be booked and of
 * recent orders, and the routing rules' cities, grouped by their folded name in SQL (at most
 * SHOP_CITY_LIMIT). Unmatched cities come first, the most-waited-for first.
 */
export async function listShopCities(
  db: DbOrTx,
  courier: Pick<Courier, "id" | "courierCities">,
  now = new Date(),
): Promise<ShopCityRow[]> {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000);
  const result = await db.execute(sql`
    with named as (
      select o.city,
        (o.status in ('confirmed', 'processing') and not exists (select 1 from shipments s where s.order_id = o.id)) as waiting
      from orders o
      where o.status in ('confirmed', 'processing') or o.created_at >= ${since.toISOString()}
      union all
      select r.city, false from courier_rules r where r.kind = 'city' and r.city is not null
    ), keyed as (
      select ${cityKeySql(sql`city`)} as city_key, trim(city) as city, waiting from named
    )
    select city_key, min(city) as shop_city, (count(*) filter (where waiting))::int as waiting
    from keyed
    where city_key <> ''
    group by city_key
    order by 3 desc, 1
    limit ${SHOP_CITY_LIMIT}
  `);
  const rows = (result as unknown as { rows: { city_key: string; shop_city: string; waiting: number }[] }).rows;
  const stored = rows.length
    ? await db
        .select()
        .from(courierCityMatches)
        .where(
          and(
            eq(courierCityMatches.courierId, courier.id),
            inArray(
              courierCityMatches.cityKey,
              rows.map((r) => r.city_key),
            ),
          ),
        )
    : [];
  const list = courier.courierCities ?? [];
  const shaped: ShopCityRow[] = rows.map((row) => {
    const saved = stored.find((m) => m.cityKey === row.city_key);
    const auto = saved ? null : matchCourierCity(row.shop_city, list);
    return {
      cityKey: row.city_key,
      shopCity: row.shop_city,
      waiting: Number(row.waiting),
      match: saved
        ? { courierCity: { id: saved.courierCityId, name: saved.courierCityName }, source: saved.source }
        : auto
          ? { courierCity: auto, source: "auto" }
          : null,
    };
  });
  // Unmatched first; the database's order (most waiting first) within each group.
  return [...shaped.filter((r) => !r.match), ...shaped.filter((r) => r.match)];
}

/**
 * The courier's city for an order's city: the owner's pick (or an automatic match) stored for it,
 * else what the names say, which is then stored as an automatic match so the same city books the
 * same way; null when the owner must pick it (Settings -> Couriers -> {courier} -> Cities).
 */
export async function cityMatchFor(
  tx: DbOrTx,
  courier: Pick<Courier, "id" | "courierCities">,
  shopCity: string,
): Promise<CourierCityEntry | null> {
  const cityKey = foldCity(shopCity);
  if (!cityKey) return null;
  const [saved] = await tx
    .select({ id: courierCityMatches.courierCityId, name: courierCityMatches.courierCityName })
    .from(courierCityMatches)
    .where(and(eq(courierCityMatches.courierId, courier.id), eq(courierCityMatches.cityKey, cityKey)));
  if (saved) return saved;
  const auto = matchCourierCity(shopCity, courier.courierCities ?? []);
  if (!auto) return null;
  await tx
    .insert(courierCityMatches)
    .values({
      courierId: courier.id,
      cityKey,
      shopCity: shopCity.trim(),
      courierCityId: auto.id,
      courierCityName: auto.name,
      source: "auto",
    })
    .onConflictDoNothing();
  return auto;
}

export { citiesPath, unmatchedCityReason };

export const CITIES_REFUSED = "Nothing was saved: please correct the cities marked below.";

export type CityPick = { cityKey: string; shopCity: string; courierCityId: string };

/**
 * Saves the owner's picks (source owner, remembered, changeable): a city id from the courier's list
 * for each city; an empty one clears the owner's pick (the names decide again). A city id the list
 * does not have is refused beside its city and nothing is saved (AppError VALIDATION, its
 * fields keyed by city key). Answers how many cities were matched.
 */
export async function saveCityPicks(db: DbOrTx, courierId: number, picks: readonly CityPick[]): Promise<number> {
  const courier = await getCourier(db, courierId);
  const list = courier.courierCities ?? [];
  const errors: Record<string, string> = {};
  const chosen: { pick: CityPick; city: CourierCityEntry | null }[] = [];
  for (const pick of picks) {
    const cityKey = foldCity(pick.shopCity);
    if (!cityKey || cityKey !== pick.cityKey) continue;
    if (!pick.courierCityId) {
      chosen.push({ pick, city: null });
      continue;
    }
    const city = list.find((c) => c.id === pick.courierCityId);
    if (!city)
      errors[pick.cityKey] = `${courier.name}'s list has no such city: test the connection again to refresh it`;
    else chosen.push({ pick, city });
  }
  if (Object.keys(errors).length) throw new AppError("VALIDATION", CITIES_REFUSED, errors);
  let saved = 0;
  await db.transaction(async (tx) => {
    for (const { pick, city } of chosen) {
      if (!city) {
        await tx
          .delete(courierCityMatches)
          .where(
            and(
              eq(courierCityMatches.courierId, courier.id),
              eq(courierCityMatches.cityKey, pick.cityKey),
              eq(courierCityMatches.source, "owner"),
            ),
          );
        continue;
      }
      const [existing] = await tx
        .select()
        .from(courierCityMatches)
        .where(and(eq(courierCityMatches.courierId, courier.id), eq(courierCityMatches.cityKey, pick.cityKey)));
      if (existing?.source === "owner" && existing.courierCityId === city.id) continue;
      await tx
        .insert(courierCityMatches)
        .values({
          courierId: courier.id,
          cityKey: pick.cityKey,
          shopCity: pick.shopCity.trim(),
          courierCityId: city.id,
          courierCityName: city.name,
          source: "owner",
        })
        .onConflictDoUpdate({
          target: [courierCityMatches.courierId, courierCityMatches.cityKey],
          set: {
            courierCityId: city.id,
            courierCityName: city.name,
            source: "owner",
            shopCity: pick.shopCity.trim(),
            updatedAt: sql`now()`,
          },
        });
      saved++;
    }
  });
  return saved;
}

/** Forgets a courier's city matches: its city ids mean nothing once it is reached another way. */
export async function forgetCityMatches(tx: DbOrTx, courierId: number): Promise<void> {
  await tx.delete(courierCityMatches).where(eq(courierCityMatches.courierId, courierId));
}

/** Whether the courier has a city list to match against (Test connection stores it). */
export async function courierHasCities(db: DbOrTx, courierId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(jsonb_array_length(${couriers.courierCities}), 0)::int` })
    .from(couriers)
    .where(eq(couriers.id, courierId));
  return (row?.n ?? 0) > 0;
}
