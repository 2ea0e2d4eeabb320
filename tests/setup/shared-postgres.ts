// The test gate's one PostgreSQL server (scripts/test.sh): `start` starts it and prints its folder
// and URL on one line; `stop FOLDER` stops it and removes its files.
import { startPgCluster, stopPgClusterIn } from "./pg-cluster";

const [command, dir] = process.argv.slice(2);
if (command === "start") {
  const cluster = await startPgCluster();
  process.stdout.write(`${cluster.dir} ${cluster.url}\n`);
} else if (command === "stop" && dir) {
  stopPgClusterIn(dir);
} else {
  console.error("usage: shared-postgres.ts start | stop FOLDER");
  process.exit(2);
}
