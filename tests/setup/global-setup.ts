import type { TestProject } from "vitest/node";
import { warmSeedArtCache } from "~/seed/seed.server";
import { startPgCluster } from "./pg-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/**
 * Once per run: one real PostgreSQL server (each test file makes its own database in it), and the
 * seed's product photos rendered into the art cache so test files that seed do not all render them.
 */
export default async function setup(project: TestProject) {
  const [cluster] = await Promise.all([startPgCluster(), warmSeedArtCache("Kapra")]);
  project.provide("pgUrl", cluster.url);
  return () => cluster.stop();
}
