import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { createAdaptorServer } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secondAdmin } from "#tests/support/admin";
import { type TestUser, uniqueEmail } from "#tests/support/factories";
import { createEnabledPartner, playerPartnerId } from "#tests/support/partners";
import { createTestContext, type TestContext } from "#tests/support/test-app";
import { parseSimulatorArgs, SimulatorUsageError, simulatePartner } from "./partner-simulator";

/**
 * The partner simulator (docs/product.md, "Earning partners") against the app listening on a local port: each
 * preset's postbacks are signed as the partner signs them, and the server's answers are the ones it should give.
 */
let ctx: TestContext;
let admins: [TestUser, TestUser];
let url: string;
let server: ReturnType<typeof createAdaptorServer>;
beforeAll(async () => {
  const aEmail = uniqueEmail("admin-a");
  ctx = await createTestContext({ ADMIN_EMAILS: aEmail, ADMIN_RATE_LIMIT: "1000" });
  admins = [await ctx.createVerifiedUser({ email: aEmail }), await secondAdmin(ctx)];
  server = createAdaptorServer({ fetch: ctx.app.fetch });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx.close();
});

async function setUp(scheme: "default" | "ayet" | "wannads") {
  const partner = await createEnabledPartner(ctx, admins, { scheme, holdDays: 5 });
  const player = await ctx.createVerifiedUser();
  return { partner, player, pid: await playerPartnerId(ctx, player.id) };
}

const pendingOf = async (userId: string) =>
  (
    await ctx.db
      .selectFrom("user_profiles")
      .select("pending_points")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow()
  ).pending_points;

const argsFor = (p: { slug: string; secret: string }, pid: string, more: string[] = []) => [
  "--url",
  url,
  "--slug",
  p.slug,
  "--secret",
  p.secret,
  "--user",
  pid,
  ...more,
];

describe("the partner simulator", () => {
  for (const scheme of ["default", "ayet", "wannads"] as const) {
    it(`${scheme}: credit, copy, changed amount, bad signature and reversal get the answers they should`, async () => {
      const { partner, player, pid } = await setUp(scheme);
      const options = parseSimulatorArgs(argsFor(partner, pid, ["--preset", scheme, "--reward", "250"]));
      const results = await simulatePartner({ ...options, steps: ["credit", "duplicate", "changed"] });
      expect(results.map((r) => [r.step, r.status])).toEqual([
        ["credit", 200],
        ["duplicate", 200],
        ["changed", 409],
      ]);
      expect(results[0]?.body).toBe(scheme === "ayet" ? "1" : "OK");
      expect(await pendingOf(player.id)).toBe(250);
      const rest = await simulatePartner({ ...options, steps: ["bad-signature", "reversal"] });
      expect(rest.map((r) => [r.step, r.status, r.ok])).toEqual([
        ["bad-signature", 403, true],
        ["reversal", 200, true],
      ]);
      expect(await pendingOf(player.id)).toBe(0);
    });
  }

  it("posts a form too", async () => {
    const { partner, player, pid } = await setUp("wannads");
    const options = parseSimulatorArgs(
      argsFor(partner, pid, ["--preset", "wannads", "--post", "--steps", "credit"]),
    );
    expect(options.method).toBe("POST");
    const [r] = await simulatePartner(options);
    expect([r?.status, r?.body]).toEqual([200, "OK"]);
    expect(await pendingOf(player.id)).toBe(100);
  });

  // tsx compiles the command on start: a minute or more on a busy machine.
  it("as `npm run partner:simulate` prints each answer and exits 0 when all are right", {
    timeout: 180_000,
  }, async () => {
    const { partner, pid } = await setUp("default");
    const tsx = path.resolve("node_modules/.bin/tsx");
    const run = await promisify(execFile)(
      tsx,
      ["src/server/partners/partner-simulate-cli.ts", ...argsFor(partner, pid)],
      {
        encoding: "utf8",
        timeout: 170_000,
      },
    );
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^ok +credit +sim-[0-9a-f]{8}-1 +200 "OK" \(expected 200\)$/);
    expect(lines[3]).toMatch(/^ok +bad-signature .* 403 .*POSTBACK_REFUSED.* \(expected 403\)$/);
    expect(lines.every((l) => l.startsWith("ok"))).toBe(true);
  });

  it("says what is wrong with its arguments", () => {
    expect(() => parseSimulatorArgs(["--slug", "x"])).toThrow(SimulatorUsageError);
    expect(() => parseSimulatorArgs(argsFor({ slug: "a", secret: "b" }, "c", ["--preset", "nope"]))).toThrow(
      /--preset must be one of default, ayet, wannads/,
    );
    expect(() =>
      parseSimulatorArgs(argsFor({ slug: "a", secret: "b" }, "c", ["--steps", "credit,boom"])),
    ).toThrow(/Unknown steps: boom/);
  });
});
