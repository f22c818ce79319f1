import { chmod, mkdir, rm, writeFile } from "node:fs/promises";
import { connect, createServer, type Server } from "node:net";
import path from "node:path";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";

/**
 * A running PGlite server's backups (ADR 108, README "Backups"): the process that owns the data dir listens on a
 * Unix socket in a directory only the data dir's owner may enter (`DATA_DIR/run/`, mode 0700). `npm run backup`
 * asks it there and the server dumps its own database between two transactions (`dumpDataDir`): one consistent
 * moment, no stop, and no second process opening the data dir. Nothing listens on the network: whoever can reach
 * the socket can already read the data dir itself.
 */
export const backupSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), "run", "backup.sock");

/** Listens for backup requests on `backupSocketPath(dataDir)`; answers a function that stops listening. */
export async function serveBackups(
  handle: DatabaseHandle,
  dataDir: string,
  logger: Logger,
): Promise<() => Promise<void>> {
  const socket = backupSocketPath(dataDir);
  await mkdir(path.dirname(socket), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socket), 0o700);
  // A socket file left by a process that was killed: this process owns the data dir now.
  await rm(socket, { force: true });
  const server = createServer((conn) => {
    conn.on("error", () => {});
    conn.once("data", (request) => {
      if (request.toString("utf8").trim() !== "backup")
        return void conn.end(`${JSON.stringify({ error: "?" })}\n`);
      void dump(handle, logger).then((answer) => conn.end(answer));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () => resolve());
  });
  return () => closeServer(server, socket);
}

/** The answer to one request: a JSON header line, then the dump's bytes. */
async function dump(handle: DatabaseHandle, logger: Logger): Promise<Buffer> {
  try {
    if (!handle.dumpDataDir) throw new Error("this database cannot dump its data dir");
    const bytes = Buffer.from(await (await handle.dumpDataDir()).arrayBuffer());
    logger.info({ bytes: bytes.length }, "backup taken for a local operator");
    return Buffer.concat([Buffer.from(`${JSON.stringify({ bytes: bytes.length })}\n`), bytes]);
  } catch (error) {
    logger.error({ err: error }, "backup for a local operator failed");
    return Buffer.from(`${JSON.stringify({ error: String(error) })}\n`);
  }
}

async function closeServer(server: Server, socket: string): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(socket, { force: true });
}

/**
 * Asks the server listening on `socket` for a backup and writes it to `file`. Answers false when no server listens
 * there (no socket, or one left by a process that is gone): the data dir is then the caller's to open.
 */
export async function requestBackup(socket: string, file: string): Promise<boolean> {
  const answer = await new Promise<Buffer | null>((resolve, reject) => {
    const conn = connect(socket);
    const chunks: Buffer[] = [];
    conn.on("connect", () => conn.write("backup\n"));
    conn.on("data", (chunk: Buffer) => chunks.push(chunk));
    conn.on("end", () => resolve(Buffer.concat(chunks)));
    conn.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ENOENT" || error.code === "ECONNREFUSED" ? resolve(null) : reject(error),
    );
  });
  if (!answer) return false;
  const newline = answer.indexOf(10);
  const header = JSON.parse(answer.subarray(0, newline).toString("utf8")) as {
    bytes?: number;
    error?: string;
  };
  const bytes = answer.subarray(newline + 1);
  if (header.error !== undefined || bytes.length !== header.bytes)
    throw new Error(
      `the running server could not take the backup: ${header.error ?? "the answer was cut short"}`,
    );
  await writeFile(file, bytes, { mode: 0o600 });
  return true;
}
