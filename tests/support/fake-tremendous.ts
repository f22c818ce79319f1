import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Tremendous's order API — just what the `tremendous` payout provider uses:
 * POST /api/v2/orders (idempotent by `external_id`: a repeat answers the first order) and GET
 * /api/v2/orders/:id. It counts calls and keeps every order, so tests can prove one external id was paid once.
 */
export interface FakeOrder {
  id: string;
  external_id: string;
  status: string;
  denomination: number;
  email: string;
}

export interface FakeTremendous {
  url: string;
  apiKey: string;
  /** Every create call received, in order (repeats included). */
  creates: { externalId: string }[];
  orders: Map<string, FakeOrder>;
  /** Status given to new orders (default EXECUTED). */
  newOrderStatus: string;
  /** Answer the next N create calls with this HTTP status instead (e.g. 500, 422). */
  failNext: { count: number; status: number };
  /** Answer the next N status reads (GET an order) with this HTTP status instead. */
  failNextStatus: { count: number; status: number };
  /** Keep create calls waiting (the order is stored, the answer never comes) while true. */
  hold: boolean;
  close(): Promise<void>;
}

const API_KEY = "TEST_fake-tremendous-key";

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startFakeTremendous(): Promise<FakeTremendous> {
  const held = new Set<ServerResponse>();
  const fake: FakeTremendous = {
    url: "",
    apiKey: API_KEY,
    creates: [],
    orders: new Map(),
    newOrderStatus: "EXECUTED",
    failNext: { count: 0, status: 500 },
    failNextStatus: { count: 0, status: 500 },
    hold: false,
    close: async () => {},
  };
  const byId = (id: string) => [...fake.orders.values()].find((o) => o.id === id);
  const server = createServer(async (req, res) => {
    if (req.headers.authorization !== `Bearer ${API_KEY}`)
      return send(res, 401, { errors: { message: "Invalid API key" } });
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "POST" && url.pathname === "/api/v2/orders") {
      const body = (await readJson(req)) as {
        external_id?: string;
        reward?: { value?: { denomination?: number }; recipient?: { email?: string } };
      } | null;
      const externalId = body?.external_id;
      if (!externalId) return send(res, 422, { errors: { message: "external_id is required" } });
      fake.creates.push({ externalId });
      if (fake.failNext.count > 0) {
        fake.failNext.count--;
        return send(res, fake.failNext.status, { errors: { message: "Simulated failure" } });
      }
      let order = fake.orders.get(externalId);
      if (!order) {
        order = {
          id: `ORDER${fake.orders.size + 1}`,
          external_id: externalId,
          status: fake.newOrderStatus,
          denomination: body?.reward?.value?.denomination ?? 0,
          email: body?.reward?.recipient?.email ?? "",
        };
        fake.orders.set(externalId, order);
      }
      if (fake.hold) {
        held.add(res);
        return;
      }
      return send(res, 201, {
        order: { id: order.id, external_id: order.external_id, status: order.status },
      });
    }
    const match = /^\/api\/v2\/orders\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && match) {
      if (fake.failNextStatus.count > 0) {
        fake.failNextStatus.count--;
        return send(res, fake.failNextStatus.status, { errors: { message: "Simulated failure" } });
      }
      const order = byId(decodeURIComponent(match[1]!));
      if (!order) return send(res, 404, { errors: { message: "Not found" } });
      return send(res, 200, {
        order: { id: order.id, external_id: order.external_id, status: order.status },
      });
    }
    return send(res, 404, { errors: { message: "Not found" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    for (const res of held) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return fake;
}
