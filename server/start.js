// Production entry: the Vite server build bundles server/app.ts together with the React app.
import fs from "node:fs";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";
const { main } = await import("../build/server/index.js");
await main();
