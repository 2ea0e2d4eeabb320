import fs from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";

/**
 * Runs after the webServer is up (it only answers once the database is migrated and seeded).
 * Checks that the shop was built and that the page the server renders points at asset files that
 * exist: a stale or half-rebuilt build/ otherwise shows up as confusing hydration failures.
 */
export default async function globalSetup(config: FullConfig) {
  const root = config.configFile ? path.dirname(config.configFile) : process.cwd();
  const serverBuild = path.join(root, "build/server/index.js");
  if (!fs.existsSync(serverBuild)) {
    throw new Error(`No server build at ${serverBuild}: run \`npx react-router build\` before \`npx playwright test\`.`);
  }
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) return;
  const html = await (await fetch(new URL("/", baseURL))).text();
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
  if (assets.length === 0) throw new Error(`The home page at ${baseURL} references no /assets/ files: is this the shop?`);
  const missing: string[] = [];
  await Promise.all(
    assets.map(async (asset) => {
      const res = await fetch(new URL(asset, baseURL));
      await res.arrayBuffer();
      if (!res.ok) missing.push(`${asset} (${res.status})`);
    }),
  );
  if (missing.length) {
    throw new Error(`The running shop references assets that are not served (build/ changed after the server started?): ${missing.join(", ")}`);
  }
}
