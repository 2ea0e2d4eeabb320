import fs from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { SEED_PRODUCTS, seedPhotoShots } from "../../app/seed/seed-data";

/**
 * Runs after the webServer is up (it only answers once the database is migrated and seeded).
 * Checks that the shop was built and that the page the server renders points at asset files that
 * exist: a stale or half-rebuilt build/ otherwise shows up as confusing hydration failures. Then
 * waits, in every worker's shop, until the seed's photos are all drawn (the server draws them in
 * the background after a first start), so tests see the catalogue as a shopper would a minute later.
 */
export default async function globalSetup(config: FullConfig) {
  const root = config.configFile ? path.dirname(config.configFile) : process.cwd();
  const serverBuild = path.join(root, "build/server/index.js");
  if (!fs.existsSync(serverBuild)) {
    throw new Error(
      `No server build at ${serverBuild}: run \`npx react-router build\` before \`npx playwright test\`.`,
    );
  }
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) return;
  const html = await (await fetch(new URL("/", baseURL))).text();
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
  if (assets.length === 0)
    throw new Error(`The home page at ${baseURL} references no /assets/ files: is this the shop?`);
  const missing: string[] = [];
  await Promise.all(
    assets.map(async (asset) => {
      const res = await fetch(new URL(asset, baseURL));
      await res.arrayBuffer();
      if (!res.ok) missing.push(`${asset} (${res.status})`);
    }),
  );
  if (missing.length) {
    throw new Error(
      `The running shop references assets that are not served (build/ changed after the server started?): ${missing.join(", ")}`,
    );
  }
  const shops = (Array.isArray(config.webServer) ? config.webServer : [config.webServer])
    .map((server) => server?.url)
    .filter((url): url is string => Boolean(url?.endsWith("/robots.txt")))
    .map((url) => new URL("/", url).toString());
  await Promise.all(shops.map((shop) => seedPhotosDrawn(shop)));
}

/** Polls each seeded product's API answer until it has its whole photo set (drafts answer 404 and are skipped). */
async function seedPhotosDrawn(shop: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let missing: string[] = [];
  while (Date.now() < deadline) {
    missing = [];
    for (const product of SEED_PRODUCTS) {
      const res = await fetch(new URL(`/api/products/${product.id}`, shop));
      if (res.status === 404) continue;
      const { data } = (await res.json()) as { data: { images: string[] } };
      if (data.images.length < seedPhotoShots(product).length) missing.push(product.id);
    }
    if (missing.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The shop at ${shop} still had undrawn photos after ${timeoutMs / 1000} s: ${missing.join(", ")}`);
}
