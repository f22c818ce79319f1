import { connect, createServer, type Socket } from "node:net";

/**
 * A TCP proxy put between the app and a dependency (PostgreSQL, Redis, SMTP) to inject outages without touching
 * the real server, which other suites share: `down()` resets every open connection and resets new ones at once
 * (what a restarted or crashed server looks like to its clients); `up()` forwards again.
 */
export interface FaultProxy {
  host: string;
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  down(): void;
  up(): void;
  /** down(), then up() after `ms`. */
  outage(ms: number): Promise<void>;
  readonly isDown: boolean;
  /** Connections accepted so far (forwarded or reset). */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const open = new Set<Socket>();
  let down = false;
  let connections = 0;
  const server = createServer((client) => {
    connections++;
    client.on("error", () => {});
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    open.add(client);
    open.add(upstream);
    const forget = () => {
      open.delete(client);
      open.delete(upstream);
    };
    client.on("close", () => {
      upstream.destroy();
      forget();
    });
    upstream.on("close", () => {
      client.destroy();
      forget();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fault proxy is not listening on TCP");
  const proxy: FaultProxy = {
    host: "127.0.0.1",
    port: address.port,
    via(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(address.port);
      return u.toString();
    },
    down() {
      down = true;
      for (const socket of open) {
        if (socket.destroyed) continue;
        try {
          socket.resetAndDestroy();
        } catch {
          socket.destroy(); // not connected yet
        }
      }
      open.clear();
    },
    up() {
      down = false;
    },
    async outage(ms) {
      proxy.down();
      await new Promise((r) => setTimeout(r, ms));
      proxy.up();
    },
    get isDown() {
      return down;
    },
    get connections() {
      return connections;
    },
    async close() {
      proxy.down();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
