// `npm start` (node server/start.js) builds the shop only when it has to: when there is no build yet,
// or a source it is made from changed since. A restart of a built shop starts at once.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What the build is made from: a change here means the build is out of date (tests never are). */
const SOURCES = [
  "app",
  "server",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const NOT_SOURCES = /\.test\.tsx?$|(^|\/)\.|\/tests?\//;
export const BUILT_SERVER = "build/server/index.js";

/** The newest modification time (ms) among the sources under `root`, or 0 when none is found. */
export function newestSourceMtime(root) {
  let newest = 0;
  const visit = (relative) => {
    let stat;
    try {
      stat = fs.statSync(path.join(root, relative));
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(path.join(root, relative))) {
        const child = `${relative}/${entry}`;
        if (!NOT_SOURCES.test(child)) visit(child);
      }
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of SOURCES) visit(source);
  return newest;
}

/** Why the shop needs building (a sentence for the log), or null when its build is up to date. */
export function buildNeeded(root) {
  let built;
  try {
    built = fs.statSync(path.join(root, BUILT_SERVER)).mtimeMs;
  } catch {
    return "there is no build yet";
  }
  return newestSourceMtime(root) > built ? "sources changed since the last build" : null;
}

/**
 * Builds (`npm run build`) when needed. Without the build tools (a production install that left
 * out devDependencies) an existing build is served as it is, and a missing one stops the start.
 */
export function ensureBuild(root) {
  const reason = buildNeeded(root);
  if (!reason) return;
  // A copy of the build without the app's sources (or a production install without the build tools) serves what it has.
  const canBuild =
    fs.existsSync(path.join(root, "app/root.tsx")) && fs.existsSync(path.join(root, "node_modules/@react-router/dev"));
  if (!canBuild) {
    if (fs.existsSync(path.join(root, BUILT_SERVER))) {
      console.warn(
        `The shop's ${reason}, but it cannot be built here (no app/ sources, or npm install --omit=dev left out the build tools): serving the build there is.`,
      );
      return;
    }
    console.error(
      "There is no build and it cannot be built here: run `npm install` and `npm run build` in the shop's folder.",
    );
    process.exit(1);
  }
  console.log(`Building the shop (${reason})...`);
  const started = Date.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["run", "-s", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) {
    console.error(
      `The build failed (${result.error?.message ?? `exit code ${result.status}`}): see the messages above.`,
    );
    process.exit(1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
