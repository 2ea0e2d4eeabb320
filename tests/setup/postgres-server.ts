import type { TestProject } from "vitest/node";
import { startPgCluster } from "./pg-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** Starts one real PostgreSQL server for the whole run; each test file makes its own database in it. */
export default async function setup(project: TestProject) {
  const cluster = await startPgCluster();
  project.provide("pgUrl", cluster.url);
  return () => cluster.stop();
}
