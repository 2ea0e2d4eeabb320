import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Logger } from "pino";
import { writeBackup } from "~/db/backup.server";
import type { Database } from "~/db/client.server";

export const BACKUP_SOCKET = "backup.sock";
/** Unix socket paths are limited to about 107 bytes (sun_path). */
const MAX_SOCKET_PATH = 100;

/**
 * How `npm run backup` reaches the embedded database while the shop runs: PGlite lives inside this
 * process and its files cannot be opened by another, so this process writes the backup itself, onto
 * a Unix socket in DATA_DIR. The socket is mode 0600 and never on the network: only the machine's
 * user that runs the shop (who can read DATA_DIR's files anyway) can ask for a backup. A client
 * writes "backup\n" and reads the backup file's bytes until the socket ends.
 */
export async function startBackupSocket(
  dataDir: string,
  database: Pick<Database, "db" | "kind">,
  logger: Pick<Logger, "info" | "warn" | "error">,
): Promise<() => Promise<void>> {
  const socketPath = path.resolve(dataDir, BACKUP_SOCKET);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    logger.warn(
      { socketPath },
      "DATA_DIR's path is too long for the backup socket: `npm run backup` works only while the shop is stopped",
    );
    return async () => {};
  }
  // We hold DATA_DIR's lock, so a socket file there is one a killed server left behind.
  fs.rmSync(socketPath, { force: true });
  let running = Promise.resolve();
  const server = net.createServer((socket) => {
    socket.setTimeout(10_000, () => socket.destroy());
    socket.once("data", (chunk) => {
      socket.setTimeout(0);
      if (chunk.toString("utf8").trim() !== "backup") return void socket.end("unknown command\n");
      // One backup at a time: each holds the database's only connection for its snapshot.
      running = running.then(async () => {
        try {
          const summary = await writeBackup(database, socket);
          logger.info({ tables: summary.tables, rows: summary.rows, ms: summary.ms }, "backup written");
        } catch (error) {
          logger.error({ err: error }, `backup failed: ${(error as Error).message}`);
          socket.destroy();
        }
      });
    });
    socket.on("error", () => {});
  });
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  fs.chmodSync(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(socketPath, { force: true });
  };
}

/** Asks the shop running on `dataDir` for a backup; resolves once its last byte is written to `out`. */
export function requestBackup(dataDir: string, out: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path.resolve(dataDir, BACKUP_SOCKET));
    socket.once("connect", () => socket.write("backup\n"));
    socket.once("error", reject);
    socket.pipe(out);
    out.once("finish", () => resolve());
    out.once("error", reject);
  });
}
