// Development: Vite serves the app with hot reload; the same Express app handles requests.
import { createServer } from "vite";
import express from "express";

process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true } });
const { parseEnv } = (await vite.ssrLoadModule("./app/lib/env.server.ts")) as typeof import("~/lib/env.server");
const env = parseEnv();
const { logger } = (await vite.ssrLoadModule("./app/lib/logger.server.ts")) as typeof import("~/lib/logger.server");
const { bootstrapDatabase } = (await vite.ssrLoadModule("./server/bootstrap.ts")) as typeof import("./bootstrap");
const database = await bootstrapDatabase(env, logger);
const { createServices } = (await vite.ssrLoadModule("./server/app.ts")) as typeof import("./app");
const services = await createServices(database, env);
const app = express();
app.use(vite.middlewares);
app.use(async (req, res, next) => {
  try {
    const { createApp } = (await vite.ssrLoadModule("./server/app.ts")) as typeof import("./app");
    createApp({ services, serveAssets: false })(req, res);
  } catch (error) {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    next(error);
  }
});
app.listen(env.PORT, env.HOST, () => logger.info(`dev server on http://localhost:${env.PORT}`));
const stop = async () => {
  await database.close();
  database.release();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
