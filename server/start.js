// Production entry, and the process that serves: run it directly (`node server/start.js`, as
// `npm start` and the systemd unit in docs/deployment.md do), never behind a shell, so signals reach it.
// The Vite server build bundles server/app.ts together with the React app.
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "./fresh-build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";
// A cluster worker runs this file too: its primary has already built.
if (cluster.isPrimary) ensureBuild(root);
const { main } = await import("../build/server/index.js");
await main();
