import { count, eq, inArray, like, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  categories,
  orderItems,
  orders,
  orderStatusHistory,
  productImages,
  products,
  productVariants,
  shipments,
} from "~/schema";
import type { OrderChannel, OrderStatus, PaymentStatus } from "~/db/schema/statuses";
import { PAKISTANI_CITIES } from "~/lib/cities";
import { estimateDelivery } from "~/modules/checkout/delivery-estimate";
import { getSettings } from "~/modules/settings/reads";
import { shippingFeeFor } from "~/modules/settings/shipping-rule";
import {
  demoCouriers,
  demoParcel,
  demoTransitDays,
  pickDemoCourier,
  seedDemoShipping,
  type DemoParcel,
} from "./seed-demo-shipping";
import { seededRandom } from "./seeded-random";

/**
 * Demo data for a shop that looks a few months old: extra products (reusing the seeded catalogue's
 * photos, so nothing is rendered) and orders over the last `days` days, with items, a realistic
 * status mix, matching payment statuses, channels and status history; and the shipping behind them
 * (seed-demo-shipping.ts: couriers, parcels with courier statuses, COD settlements, discrepancies).
 * Deterministic for a seed.
 * Refuses a database that already has orders unless `force` is set, so no real shop gets fake orders.
 */
export type DemoOptions = {
  products: number;
  orders: number;
  days?: number;
  now?: Date;
  force?: boolean;
  seed?: number;
};
export type DemoResult = {
  products: number;
  variants: number;
  orders: number;
  items: number;
  history: number;
  couriers: number;
  shipments: number;
  settlements: number;
  discrepancies: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_NAMES = [
  "Ayesha",
  "Bilal",
  "Fatima",
  "Hamza",
  "Zainab",
  "Usman",
  "Sana",
  "Ali",
  "Maryam",
  "Hassan",
  "Hira",
  "Ahmed",
  "Mahnoor",
  "Saad",
  "Iqra",
  "Umar",
  "Noor",
  "Faisal",
  "Rabia",
  "Imran",
  "Areeba",
  "Danish",
  "Khadija",
  "Shahzaib",
  "Laiba",
  "Zeeshan",
  "Amna",
  "Waqas",
  "Mehwish",
  "Asad",
];
const LAST_NAMES = [
  "Khan",
  "Ahmed",
  "Malik",
  "Hussain",
  "Qureshi",
  "Sheikh",
  "Butt",
  "Chaudhry",
  "Raza",
  "Siddiqui",
  "Javed",
  "Iqbal",
  "Baig",
  "Mirza",
  "Abbasi",
  "Shah",
  "Akhtar",
  "Rana",
  "Awan",
  "Memon",
];
const STREETS = [
  "Main Boulevard",
  "Mall Road",
  "Jinnah Avenue",
  "University Road",
  "Shahrah-e-Faisal",
  "Canal Road",
  "GT Road",
  "Tariq Road",
  "Model Town Link Road",
  "Satellite Town",
];
const ADJECTIVES = [
  "Classic",
  "Essential",
  "Relaxed",
  "Everyday",
  "Heritage",
  "Urban",
  "Summer",
  "Monsoon",
  "Studio",
  "Weekend",
  "Premium",
  "Signature",
  "Vintage",
  "Modern",
  "Coastal",
  "Textured",
];
const CITY_WEIGHTS: [string, number][] = [
  ["Karachi", 30],
  ["Lahore", 24],
  ["Islamabad", 10],
  ["Rawalpindi", 8],
  ["Faisalabad", 6],
  ["Multan", 5],
  ["Peshawar", 5],
  ["Hyderabad", 3],
  ["Quetta", 2],
  ["Sialkot", 2],
  ["Gujranwala", 2],
];
const CHANNEL_WEIGHTS: [OrderChannel, number][] = [
  ["web", 70],
  ["whatsapp", 15],
  ["phone", 8],
  ["instagram", 7],
];

/** The demo data's random source: the same seed gives the same shop. */
function random(seed: number) {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const weighted = <T>(list: [T, number][]) => {
    let r = next() * list.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of list) if ((r -= w) < 0) return value;
    return list[list.length - 1][0];
  };
  return { next, int, pick, weighted };
}

/** Where an order of this age has got to, and the moves that took it there. */
function lifecycle(ageDays: number, r: ReturnType<typeof random>): OrderStatus[] {
  const x = r.next();
  if (ageDays < 1) return x < 0.7 ? ["pending"] : x < 0.9 ? ["pending", "confirmed"] : ["pending", "cancelled"];
  if (ageDays < 3)
    return x < 0.15
      ? ["pending"]
      : x < 0.35
        ? ["pending", "confirmed"]
        : x < 0.55
          ? ["pending", "confirmed", "processing"]
          : x < 0.92
            ? ["pending", "confirmed", "processing", "shipped"]
            : ["pending", "cancelled"];
  if (ageDays < 8)
    return x < 0.05
      ? ["pending", "confirmed", "processing"]
      : x < 0.45
        ? ["pending", "confirmed", "processing", "shipped"]
        : x < 0.9
          ? ["pending", "confirmed", "processing", "shipped", "delivered"]
          : x < 0.96
            ? ["pending", "cancelled"]
            : ["pending", "confirmed", "processing", "shipped", "returned"];
  // Older orders have settled: most delivered, some cancelled, refused at the door or returned.
  return x < 0.8
    ? ["pending", "confirmed", "processing", "shipped", "delivered"]
    : x < 0.89
      ? ["pending", "cancelled"]
      : x < 0.92
        ? ["pending", "confirmed", "cancelled"]
        : x < 0.97
          ? ["pending", "confirmed", "processing", "shipped", "returned"]
          : ["pending", "confirmed", "processing", "shipped", "delivered", "returned"];
}

async function insertInBatches<T>(insert: (rows: T[]) => Promise<unknown>, rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function seedDemoData(db: Db, options: DemoOptions): Promise<DemoResult> {
  const now = options.now ?? new Date();
  const days = options.days ?? 90;
  const r = random(options.seed ?? 7);
  const [{ n: existingOrders }] = await db.select({ n: count() }).from(orders);
  if (existingOrders > 0 && !options.force) {
    throw new Error(
      `This database already has ${existingOrders} orders: demo data is for an empty shop. Use --force to add it anyway.`,
    );
  }
  const settings = await getSettings(db);

  // Templates: the seeded catalogue's sellable products, with their colours, sizes and photos.
  const openCategories = await db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .where(eq(categories.comingSoon, false));
  const templates = await db
    .select({
      id: products.id,
      categorySlug: products.categorySlug,
      sizeSetId: products.sizeSetId,
      material: products.material,
      brand: products.brand,
      features: products.features,
    })
    .from(products)
    .where(
      inArray(
        products.categorySlug,
        openCategories.map((c) => c.slug),
      ),
    );
  if (templates.length === 0)
    throw new Error("Seed the shop's catalogue first (start the shop once, or run the seed).");
  const templateVariants = await db
    .select({ productId: productVariants.productId, color: productVariants.color, size: productVariants.size })
    .from(productVariants)
    .where(
      inArray(
        productVariants.productId,
        templates.map((t) => t.id),
      ),
    );
  const templateImages = await db
    .select()
    .from(productImages)
    .where(
      inArray(
        productImages.productId,
        templates.map((t) => t.id),
      ),
    );
  const [{ n: earlierDemo }] = await db.select({ n: count() }).from(products).where(like(products.id, "demo-%"));

  const newProducts: (typeof products.$inferInsert)[] = [];
  const newVariants: (typeof productVariants.$inferInsert)[] = [];
  const newImages: (typeof productImages.$inferInsert)[] = [];
  for (let i = 0; i < options.products; i++) {
    const template = templates[i % templates.length];
    const category = openCategories.find((c) => c.slug === template.categorySlug)!;
    const number = earlierDemo + i + 1;
    const id = `demo-${String(number).padStart(4, "0")}`;
    const name = `${r.pick(ADJECTIVES)} ${category.name.replace(/s$/, "").replace(/-/g, " ")} ${number}`;
    const price = r.int(8, 69) * 100 - 1;
    const createdAt = new Date(now.getTime() - r.int(days, days + 180) * DAY_MS);
    newProducts.push({
      id,
      name,
      categorySlug: category.slug,
      sizeSetId: template.sizeSetId,
      description: `${name}: a demo product modelled on our ${category.name.toLowerCase()}.`,
      price,
      originalPrice: r.next() < 0.25 ? price + r.int(3, 15) * 100 : null,
      material: template.material,
      brand: template.brand,
      status: r.next() < 0.04 ? "draft" : "active",
      rating: 0,
      reviewCount: 0,
      views: r.int(20, 3000),
      features: template.features,
      createdAt,
      updatedAt: createdAt,
    });
    const combos = templateVariants.filter((v) => v.productId === template.id);
    combos.forEach((v, position) => {
      newVariants.push({
        productId: id,
        color: v.color,
        size: v.size,
        stock: r.next() < 0.08 ? 0 : r.int(1, 40),
        sku: `DEMO-${number}-${v.color.slice(0, 3).toUpperCase()}-${v.size}`,
        position,
      });
    });
    for (const image of templateImages.filter((im) => im.productId === template.id)) {
      newImages.push({
        productId: id,
        position: image.position,
        alt: image.alt,
        color: image.color,
        width: image.width,
        height: image.height,
        sources: image.sources,
      });
    }
  }

  const couriers = await demoCouriers(db);
  const result: DemoResult = {
    products: newProducts.length,
    variants: newVariants.length,
    orders: 0,
    items: 0,
    history: 0,
    couriers: couriers.length,
    shipments: 0,
    settlements: 0,
    discrepancies: 0,
  };
  await db.transaction(async (tx) => {
    await insertInBatches((rows) => tx.insert(products).values(rows), newProducts, 500);
    await insertInBatches((rows) => tx.insert(productVariants).values(rows), newVariants, 2000);
    await insertInBatches((rows) => tx.insert(productImages).values(rows), newImages, 2000);
  });

  // What can be ordered: every active variant (demo and seeded), with its product's name and price.
  const sellable = await db
    .select({
      productId: products.id,
      variantId: productVariants.id,
      name: products.name,
      price: products.price,
      color: productVariants.color,
      size: productVariants.size,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.status, "active"));
  const taken = new Set((await db.select({ n: orders.orderNumber }).from(orders)).map((o) => o.n));
  const trackingTaken = new Set(
    (await db.select({ courierId: shipments.courierId, n: shipments.trackingNumber }).from(shipments)).map(
      (s) => `${s.courierId}:${s.n}`,
    ),
  );
  const parcels: DemoParcel[] = [];
  const imageByProduct = new Map<string, string>();
  for (const im of [...templateImages, ...newImages])
    if (im.position === 0) imageByProduct.set(im.productId, im.sources[0]?.key ?? "");

  const BATCH = 2000;
  for (let start = 0; start < options.orders; start += BATCH) {
    const orderRows: (typeof orders.$inferInsert)[] = [];
    const itemRows: (typeof orderItems.$inferInsert)[] = [];
    const historyRows: (typeof orderStatusHistory.$inferInsert)[] = [];
    for (let k = start; k < Math.min(options.orders, start + BATCH); k++) {
      // More orders lately: a shop that grows.
      const ageDays = days * (1 - Math.sqrt(r.next()));
      const createdAt = new Date(now.getTime() - ageDays * DAY_MS);
      const moves = lifecycle(ageDays, r);
      const status = moves[moves.length - 1];
      const first = r.pick(FIRST_NAMES);
      const last = r.pick(LAST_NAMES);
      const city = r.weighted(CITY_WEIGHTS.filter(([c]) => (PAKISTANI_CITIES as readonly string[]).includes(c)));
      let orderNumber: string;
      do orderNumber = `ORD-${r.int(100000, 999999)}`;
      while (taken.has(orderNumber));
      taken.add(orderNumber);
      const id = crypto.randomUUID();
      const lines = new Map<number, { line: (typeof sellable)[number]; quantity: number }>();
      const lineCount = r.next() < 0.6 ? 1 : r.next() < 0.75 ? 2 : 3;
      for (let l = 0; l < lineCount; l++) {
        const line = r.pick(sellable);
        const existing = lines.get(line.variantId);
        lines.set(line.variantId, { line, quantity: (existing?.quantity ?? 0) + (r.next() < 0.85 ? 1 : 2) });
      }
      const subtotal = [...lines.values()].reduce((s, { line, quantity }) => s + line.price * quantity, 0);
      const shippingFee = shippingFeeFor(subtotal, settings);
      const estimate = estimateDelivery(city, createdAt);
      // Each move a little later than the one before, never in the future. A shipped parcel takes
      // its courier's days to the door (or, refused, back to the shop).
      const shippedIndex = moves.indexOf("shipped");
      const refused = shippedIndex >= 0 && moves[shippedIndex + 1] === "returned";
      const courier = shippedIndex >= 0 ? pickDemoCourier(couriers, refused, r) : null;
      const gaps = moves.map((move, i) =>
        i === 0
          ? 0
          : courier && i === shippedIndex + 1
            ? demoTransitDays(city, courier, r) * (refused ? 1.8 : 1) * DAY_MS
            : move === "returned"
              ? r.int(2, 5) * DAY_MS
              : DAY_MS * (0.3 + r.next() * 0.5),
      );
      // A young order whose moves would run past now has them squeezed into the time it has had.
      const room = now.getTime() - 60_000 - createdAt.getTime();
      const needed = gaps.reduce((s, g) => s + g, 0);
      const scale = needed > room ? Math.max(0, room) / needed : 1;
      let clock = createdAt.getTime();
      const stamps = gaps.map((g) => new Date((clock += g * scale)));
      const deliveredIndex = moves.indexOf("delivered");
      const deliveredAt = deliveredIndex >= 0 ? stamps[deliveredIndex] : null;
      const paymentStatus: PaymentStatus =
        status === "delivered" ? "collected" : status === "returned" && deliveredAt ? "refunded" : "unpaid";
      const pieces = [...lines.values()].reduce((s, l) => s + l.quantity, 0);
      const parcel = courier
        ? demoParcel(r, trackingTaken, {
            orderId: id,
            orderNumber,
            courier,
            pieces,
            codAmount: subtotal + shippingFee,
            bookedAt: stamps[shippedIndex],
            now,
            deliveredAt,
            returnedAt: refused ? stamps[shippedIndex + 1] : null,
          })
        : null;
      if (parcel) parcels.push(parcel);
      orderRows.push({
        id,
        orderNumber,
        status,
        paymentStatus,
        channel: r.weighted(CHANNEL_WEIGHTS),
        subtotal,
        shippingFee,
        total: subtotal + shippingFee,
        fullName: `${first} ${last}`,
        email: `${first}.${last}${r.int(1, 999)}@example.pk`.toLowerCase(),
        phone: `+923${r.int(0, 4)}${String(r.int(0, 99_999_999)).padStart(8, "0")}`,
        address: `House ${r.int(1, 400)}, ${r.pick(STREETS)}`,
        city,
        deliveryFrom: estimate.from,
        deliveryTo: estimate.to,
        courierName: parcel?.courier.name ?? null,
        trackingNumber: parcel?.trackingNumber ?? null,
        createdAt,
        updatedAt: stamps[stamps.length - 1],
        deliveredAt,
      });
      for (const { line, quantity } of lines.values()) {
        itemRows.push({
          orderId: id,
          productId: line.productId,
          variantId: line.variantId,
          name: line.name,
          color: line.color,
          size: line.size,
          price: line.price,
          quantity,
          imageKey: imageByProduct.get(line.productId) ?? null,
        });
      }
      moves.forEach((to, i) => {
        historyRows.push({
          orderId: id,
          fromStatus: i === 0 ? null : moves[i - 1],
          toStatus: to,
          actorName: i === 0 || (to === "cancelled" && i === 1) ? `${first} ${last}` : "Shop Owner",
          createdAt: stamps[i],
        });
      });
    }
    await db.transaction(async (tx) => {
      await tx.insert(orders).values(orderRows);
      await insertInBatches((rows) => tx.insert(orderItems).values(rows), itemRows, 4000);
      await insertInBatches((rows) => tx.insert(orderStatusHistory).values(rows), historyRows, 6000);
    });
    result.orders += orderRows.length;
    result.items += itemRows.length;
    result.history += historyRows.length;
  }

  Object.assign(result, await seedDemoShipping(db, parcels, { now, r, overdueDays: settings.settlementOverdueDays }));

  // Fresh statistics, so the planner picks the indexes for the new volume at once.
  await db.execute(sql`analyze`);
  return result;
}
