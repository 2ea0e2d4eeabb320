import { useRouteLoaderData } from "react-router";
import type { Role } from "./roles";

/** A one-shot message carried across a redirect (http/flash.server.ts), shown as a toast. */
export type Flash = { type: "success" | "error" | "info"; message: string };

/**
 * What root.tsx's loader gives every page (it is checked against this type): the shop facts
 * (brand, contact, shipping rule, menus), the signed-in shopper and their badges. Declared
 * here rather than inferred from the loader, so components can read it without importing root.tsx
 * (which imports them).
 */
export type RootData = {
  /** The shop's own origin for canonical links and social previews, never the request's Host. */
  origin: string;
  shop: {
    brandName: string;
    contactEmail: string;
    phone: string;
    address: string;
    city: string;
    instagram: string;
    shippingFee: number;
    freeShippingThreshold: number | null;
    happyCustomers: number;
    yearsInBusiness: number;
    productsSold: number;
    averageRating: number;
  };
  /** The header's and the footer's menus (one level of children), as shoppers may see them. */
  menus: { header: RootMenuLink[]; footer: RootMenuLink[] };
  /** The brand's look: logo and favicon (null: the name as text, the built-in icon), accent colour (null: built-in). */
  brand: {
    logo: RootImage | null;
    favicon: RootImage | null;
    accentColor: string | null;
    /** The line under the brand name in the footer, its placeholders filled. */
    footerText: string;
    socialLinks: { network: string; label: string; url: string }[];
  };
  /** The announcement bar when it is live now (its key names it for a dismissal), else null. */
  announcement: { text: string; href: string | null; key: string } | null;
  user: { id: string; name: string; email: string; role: Role } | null;
  cartCount: number;
  wishlist: string[];
  flash: Flash | null;
  /** The Meta Pixel on buyers' pages (Settings -> Marketing); null: none, and no Meta host in the page's policy. */
  metaPixelId: string | null;
};

/** A stored picture (WebP renditions under /media). */
export type RootImage = { width: number; height: number; sources: { key: string; width: number }[] };
/** A menu item: a path on the shop, or null for a heading. */
export type RootMenuLink = { id: number; label: string; href: string | null; children: RootMenuLink[] };

/** The shop facts every page shares (brand, contact, shipping rule, menus). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

type MetaMatch = { id: string; data?: unknown } | undefined;

export function rootDataFromMatches(matches: MetaMatch[]): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.data as RootData | undefined;
}
