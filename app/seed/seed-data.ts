import type { GarmentKind } from "./garment-art";

/** The catalogue a new shop starts with. Prices are whole rupees. */

export const SEED_CATEGORIES = [
  { slug: "t-shirts", name: "T-Shirts", garment: "t-shirt", sizeSet: "Tops", description: "Soft everyday tees in breathable cotton, cut for Pakistani summers." },
  { slug: "shirts", name: "Shirts", garment: "shirt", sizeSet: "Tops", description: "Oxford, linen and flannel shirts for office days and weekends." },
  { slug: "trousers", name: "Trousers", garment: "trousers", sizeSet: "Trousers", description: "Chinos, cargos and joggers that hold their shape all day." },
  { slug: "shorts", name: "Shorts", garment: "shorts", sizeSet: "Shorts", description: "Easy shorts for hot afternoons and the beach at Clifton." },
  { slug: "hoodies", name: "Hoodies", garment: "hoodie", sizeSet: "Tops", description: "Warm fleece hoodies for Lahore and Islamabad winters." },
  { slug: "sweatshirts", name: "Sweat Shirts", garment: "sweatshirt", sizeSet: "Tops", description: "Brushed-back crew sweatshirts.", comingSoon: true, launchLabel: "October 2025" },
  { slug: "jackets", name: "Jackets", garment: "jacket", sizeSet: "Tops", description: "Bombers and light quilted jackets.", comingSoon: true, launchLabel: "October 2025" },
] as const satisfies readonly {
  slug: string; name: string; garment: GarmentKind; description: string; comingSoon?: boolean; launchLabel?: string;
  /** The size set (made by migration 0014) its products use, and whose size guide they show. */
  sizeSet: "Tops" | "Trousers" | "Shorts";
}[];

export type SeedProduct = {
  id: string;
  name: string;
  category: (typeof SEED_CATEGORIES)[number]["slug"];
  price: number;
  originalPrice?: number;
  description: string;
  material: string;
  rating: number;
  reviews: number;
  views: number;
  featured?: boolean;
  status?: "active" | "coming-soon";
  colors: string[];
  sizes: string[];
  features: string[];
  /** Stock for "Colour/Size"; unlisted combinations get a healthy default. */
  stock?: Record<string, number>;
  /** Every variant sold out. */
  soldOut?: boolean;
  /** Days since it was added, for the "Newest" sort. */
  addedDaysAgo: number;
};

const ALL = ["XS", "S", "M", "L", "XL", "XXL"];
const CORE = ["S", "M", "L", "XL"];
const WIDE = ["S", "M", "L", "XL", "XXL"];

export const SEED_PRODUCTS: SeedProduct[] = [
  // T-Shirts
  {
    id: "essential-crew-neck-tee", name: "Essential Crew Neck Tee", category: "t-shirts", price: 1299,
    description: "Our everyday tee in 180 GSM combed cotton. Pre-shrunk, with a ribbed collar that keeps its shape wash after wash.",
    material: "100% Combed Cotton", rating: 4.6, reviews: 312, views: 9120, featured: true,
    colors: ["Black", "White", "Gray", "Navy"], sizes: ALL, features: ["180 GSM jersey", "Pre-shrunk", "Ribbed crew neck"],
    stock: { "White/XS": 0, "Gray/XXL": 3, "Navy/XS": 2 }, addedDaysAgo: 120,
  },
  {
    id: "heavyweight-oversized-tee", name: "Heavyweight Oversized Tee", category: "t-shirts", price: 1899, originalPrice: 2499,
    description: "A boxy, dropped-shoulder tee in dense 240 GSM cotton. Falls straight and stays opaque, even in white.",
    material: "100% Cotton, 240 GSM", rating: 4.8, reviews: 204, views: 7330, featured: true,
    colors: ["Black", "White", "Brown"], sizes: WIDE, features: ["Dropped shoulders", "Boxy fit", "Double-stitched hems"],
    stock: { "Brown/S": 0, "Brown/XXL": 0, "White/M": 4 }, addedDaysAgo: 12,
  },
  {
    id: "slim-v-neck-tee", name: "Slim V-Neck Tee", category: "t-shirts", price: 1499,
    description: "A close-fitting V-neck with a touch of stretch. Layers neatly under an open shirt.",
    material: "95% Cotton, 5% Elastane", rating: 4.2, reviews: 88, views: 3010,
    colors: ["White", "Navy", "Green"], sizes: CORE, features: ["Slim fit", "Stretch jersey"], addedDaysAgo: 75,
  },
  {
    id: "karachi-nights-graphic-tee", name: "Karachi Nights Graphic Tee", category: "t-shirts", price: 1699,
    description: "Screen-printed skyline of the city by the sea. Water-based inks that stay soft to the touch.",
    material: "100% Cotton", rating: 4.5, reviews: 141, views: 5400,
    colors: ["Black", "Navy"], sizes: WIDE, features: ["Water-based print", "Regular fit"],
    stock: { "Black/S": 5, "Navy/XXL": 1 }, addedDaysAgo: 30,
  },
  {
    id: "pocket-tee", name: "Everyday Pocket Tee", category: "t-shirts", price: 1399,
    description: "The classic tee with a patch pocket on the chest. Garment-dyed for a lived-in colour.",
    material: "100% Cotton", rating: 4.0, reviews: 57, views: 2100,
    colors: ["Gray", "Green", "Red"], sizes: CORE, features: ["Chest pocket", "Garment-dyed"], addedDaysAgo: 160,
  },
  {
    id: "long-sleeve-henley", name: "Long Sleeve Henley", category: "t-shirts", price: 1999, originalPrice: 2299,
    description: "Waffle-knit henley with a three-button placket. Warm enough for December evenings on its own.",
    material: "100% Cotton Waffle Knit", rating: 4.3, reviews: 73, views: 2890,
    colors: ["Brown", "Navy", "White"], sizes: CORE, features: ["Three-button placket", "Waffle texture"], addedDaysAgo: 45,
  },
  // Shirts
  {
    id: "oxford-button-down-shirt", name: "Oxford Button-Down Shirt", category: "shirts", price: 3499,
    description: "A sturdy oxford weave with a button-down collar. Smart for the office, relaxed rolled up on weekends.",
    material: "100% Cotton Oxford", rating: 4.7, reviews: 166, views: 6120,
    colors: ["White", "Blue", "Navy"], sizes: WIDE, features: ["Button-down collar", "Chest pocket", "Curved hem"],
    stock: { "Blue/XXL": 2 }, addedDaysAgo: 90,
  },
  {
    id: "linen-summer-shirt", name: "Linen Summer Shirt", category: "shirts", price: 3999, originalPrice: 4999,
    description: "Pure linen that breathes in forty-degree heat. Softens with every wash.",
    material: "100% Linen", rating: 4.4, reviews: 98, views: 4700,
    colors: ["White", "Brown", "Blue"], sizes: CORE, features: ["Camp collar", "Relaxed fit"],
    stock: { "Brown/S": 0, "Brown/M": 0 }, addedDaysAgo: 20,
  },
  {
    id: "flannel-check-shirt", name: "Flannel Check Shirt", category: "shirts", price: 3299,
    description: "Brushed cotton flannel, warm without weight. Wear it buttoned or open over a tee.",
    material: "100% Brushed Cotton", rating: 4.1, reviews: 64, views: 2450,
    colors: ["Red", "Green", "Navy"], sizes: WIDE, features: ["Brushed both sides", "Two chest pockets"], addedDaysAgo: 130,
  },
  {
    id: "mandarin-collar-shirt", name: "Mandarin Collar Shirt", category: "shirts", price: 2999,
    description: "A band-collar shirt with a kurta-inspired placket. Made for Eid lunches and weddings alike.",
    material: "Cotton Lawn", rating: 4.5, reviews: 120, views: 3900,
    colors: ["White", "Black", "Gray"], sizes: ALL, features: ["Band collar", "Hidden placket"], addedDaysAgo: 8,
  },
  {
    id: "denim-work-shirt", name: "Denim Work Shirt", category: "shirts", price: 4299,
    description: "Washed indigo denim with snap buttons and twin flap pockets. Sold out: notify me to hear when it returns.",
    material: "100% Cotton Denim", rating: 4.6, reviews: 77, views: 3320,
    colors: ["Blue", "Navy"], sizes: CORE, features: ["Snap buttons", "Flap pockets"], soldOut: true, addedDaysAgo: 200,
  },
  // Trousers
  {
    id: "slim-chino-trousers", name: "Slim Chino Trousers", category: "trousers", price: 3299,
    description: "Stretch cotton twill chinos with a slim, tapered leg. The trousers you will reach for every day.",
    material: "98% Cotton, 2% Elastane", rating: 4.7, reviews: 230, views: 8200, featured: true,
    colors: ["Brown", "Navy", "Black"], sizes: WIDE, features: ["Slim taper", "Stretch twill", "Slant pockets"],
    stock: { "Black/XXL": 4 }, addedDaysAgo: 60,
  },
  {
    id: "cargo-utility-trousers", name: "Cargo Utility Trousers", category: "trousers", price: 3799, originalPrice: 4499,
    description: "Ripstop cargos with six pockets and adjustable cuffs. Tough enough for the northern areas.",
    material: "Cotton Ripstop", rating: 4.5, reviews: 150, views: 5100,
    colors: ["Green", "Black", "Brown"], sizes: WIDE, features: ["Six pockets", "Adjustable cuffs"],
    stock: { "Green/S": 0 }, addedDaysAgo: 25,
  },
  {
    id: "relaxed-linen-trousers", name: "Relaxed Linen Trousers", category: "trousers", price: 3499,
    description: "Drawstring linen trousers with a wide, easy leg. Cool in the humid Karachi summer.",
    material: "55% Linen, 45% Cotton", rating: 4.8, reviews: 96, views: 3600,
    colors: ["White", "Gray"], sizes: CORE, features: ["Drawstring waist", "Wide leg"], addedDaysAgo: 15,
  },
  {
    id: "jogger-trousers", name: "Tech Jogger Trousers", category: "trousers", price: 2799,
    description: "Quick-dry joggers with zip pockets and ribbed ankles, for the gym or the airport.",
    material: "88% Polyester, 12% Spandex", rating: 4.2, reviews: 110, views: 4300,
    colors: ["Black", "Gray", "Navy"], sizes: WIDE, features: ["Zip pockets", "Quick-dry"], addedDaysAgo: 100,
  },
  {
    id: "pleated-formal-trousers", name: "Pleated Formal Trousers", category: "trousers", price: 4999,
    description: "Single-pleat wool-blend trousers with a pressed crease. Pairs with our Oxford shirt for the office.",
    material: "70% Polyester, 30% Viscose", rating: 4.3, reviews: 45, views: 1800,
    colors: ["Black", "Gray", "Navy"], sizes: CORE, features: ["Single pleat", "Pressed crease"],
    stock: { "Navy/S": 1, "Navy/M": 0 }, addedDaysAgo: 140,
  },
  // Shorts
  {
    id: "chino-shorts", name: "Chino Shorts", category: "shorts", price: 1999,
    description: "Seven-inch chino shorts in washed twill. A clean, tailored look for hot days.",
    material: "100% Cotton Twill", rating: 4.4, reviews: 85, views: 3100,
    colors: ["Brown", "Navy", "Green"], sizes: CORE, features: ["7-inch inseam", "Back welt pockets"], addedDaysAgo: 35,
  },
  {
    id: "drawstring-jersey-shorts", name: "Drawstring Jersey Shorts", category: "shorts", price: 1499,
    description: "Soft loopback jersey shorts with a drawstring waist. For lounging at home or a late-night chai run.",
    material: "100% Cotton Loopback", rating: 3.9, reviews: 40, views: 1500,
    colors: ["Gray", "Black"], sizes: WIDE, features: ["Drawstring waist", "Side pockets"],
    stock: { "Gray/S": 3, "Gray/M": 2, "Gray/L": 0, "Gray/XL": 0, "Gray/XXL": 0, "Black/S": 0, "Black/M": 0, "Black/L": 0, "Black/XL": 0, "Black/XXL": 0 },
    addedDaysAgo: 70,
  },
  {
    id: "cargo-shorts", name: "Cargo Shorts", category: "shorts", price: 2299, originalPrice: 2799,
    description: "Utility shorts with bellows pockets, cut just above the knee.",
    material: "Cotton Ripstop", rating: 4.1, reviews: 52, views: 2000,
    colors: ["Green", "Brown", "Black"], sizes: WIDE, features: ["Bellows pockets", "Above-knee cut"], addedDaysAgo: 50,
  },
  // Hoodies
  {
    id: "classic-pullover-hoodie", name: "Classic Pullover Hoodie", category: "hoodies", price: 4499,
    description: "Brushed-back fleece hoodie with a lined hood and kangaroo pocket. The one you will live in all winter.",
    material: "80% Cotton, 20% Polyester Fleece", rating: 4.9, reviews: 275, views: 9800, featured: true,
    colors: ["Black", "Gray", "Navy", "Red"], sizes: WIDE, features: ["Lined hood", "Kangaroo pocket", "Ribbed cuffs"],
    stock: { "Red/S": 2, "Red/XXL": 0 }, addedDaysAgo: 5,
  },
  {
    id: "zip-up-fleece-hoodie", name: "Zip-Up Fleece Hoodie", category: "hoodies", price: 5499, originalPrice: 6999,
    description: "A full-zip hoodie in heavy fleece with metal zip and split pockets.",
    material: "80% Cotton, 20% Polyester Fleece", rating: 4.6, reviews: 132, views: 4800,
    colors: ["Black", "Green", "Gray"], sizes: WIDE, features: ["Metal zip", "Split pockets"], addedDaysAgo: 28,
  },
  {
    id: "heavyweight-oversized-hoodie", name: "Heavyweight Oversized Hoodie", category: "hoodies", price: 6999,
    description: "Our heaviest hoodie: 400 GSM fleece, double-layer hood, dropped shoulders.",
    material: "100% Cotton Fleece, 400 GSM", rating: 4.7, reviews: 61, views: 3500,
    colors: ["Brown", "Black"], sizes: CORE, features: ["400 GSM", "Double-layer hood"],
    stock: { "Brown/S": 4, "Brown/M": 5, "Black/XL": 3 }, addedDaysAgo: 3,
  },
  // Coming soon previews
  {
    id: "varsity-crew-sweatshirt", name: "Varsity Crew Sweatshirt", category: "sweatshirts", price: 3999,
    description: "A brushed-back crew sweatshirt with a varsity feel. Launching October 2025.",
    material: "80% Cotton, 20% Polyester", rating: 0, reviews: 0, views: 1200, status: "coming-soon",
    colors: ["Gray", "Navy"], sizes: CORE, features: ["Brushed back", "Ribbed trims"], soldOut: true, addedDaysAgo: 1,
  },
  {
    id: "quilted-bomber-jacket", name: "Quilted Bomber Jacket", category: "jackets", price: 6999,
    description: "A lightly padded bomber with ribbed collar and cuffs. Launching October 2025.",
    material: "Nylon Shell, Polyester Fill", rating: 0, reviews: 0, views: 1500, status: "coming-soon",
    colors: ["Black", "Green"], sizes: WIDE, features: ["Quilted lining", "Ribbed collar"], soldOut: true, addedDaysAgo: 2,
  },
];

/** Stock a variant starts with when the catalogue above does not say (deterministic, varied). */
/** A product's photo set, like a real shop's: front views in up to two colours, the back, and a close-up. */
export function seedPhotoShots(p: SeedProduct) {
  return [
    { color: p.colors[0], view: "front" as const, alt: `${p.name} in ${p.colors[0]}, front` },
    { color: p.colors[0], view: "back" as const, alt: `${p.name} in ${p.colors[0]}, back` },
    ...(p.colors[1] ? [{ color: p.colors[1], view: "front" as const, alt: `${p.name} in ${p.colors[1]}, front` }] : []),
    { color: p.colors[0], view: "detail" as const, alt: `${p.name}, close-up of the fabric` },
  ];
}

export function defaultSeedStock(productIndex: number, variantIndex: number): number {
  return 8 + ((productIndex * 7 + variantIndex * 5) % 23);
}

export function seedSettings(shopName: string) {
  const handle = shopName.toLowerCase().replace(/[^a-z0-9]+/g, "");
  return {
    id: 1,
    brandName: shopName,
    contactEmail: `support@${handle || "shop"}.pk`,
    phone: "+92 321 2345678",
    address: "Shop 14, Zamzama Commercial Lane 3, DHA Phase 5",
    city: "Karachi",
    instagram: `@${handle || "shop"}.pk`,
    shippingFee: 200,
    freeShippingThreshold: null,
    happyCustomers: 10000,
    yearsInBusiness: 5,
    productsSold: 50000,
    averageRating: 4.8,
  };
}
