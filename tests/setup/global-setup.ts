import type { TestProject } from "vitest/node";
import { warmSeedArtCache } from "~/seed/seed.server";
import { makeDatabaseSnapshots, type DatabaseSnapshots } from "./database-snapshots";
import { sharedPgCluster } from "./pg-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string;
    databaseSnapshots: DatabaseSnapshots;
  }
}

/**
 * Once per run: one real PostgreSQL server (the gate's, or one of its own; each test file makes its own database in it), the
 * seed's product photos rendered into the art cache, and the migrated and seeded databases that
 * test files start from (tests/setup/database-snapshots.ts).
 */
export default async function setup(project: TestProject) {
  const [cluster] = await Promise.all([sharedPgCluster(), warmSeedArtCache("Kapra")]);
  const snapshots = await makeDatabaseSnapshots(cluster.url);
  project.provide("pgUrl", cluster.url);
  project.provide("databaseSnapshots", {
    pgliteDumps: snapshots.pgliteDumps,
    postgresTemplates: snapshots.postgresTemplates,
  });
  return async () => {
    await snapshots.remove();
    cluster.stop();
  };
}
