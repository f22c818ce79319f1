import { randomBytes } from "node:crypto";
import { type PartnerScheme, partnerSchemes, schemes } from "~/core/partners";
import { hexOf } from "./postback.service";

/**
 * The partner simulator (docs/product.md, "Earning partners"; `npm run partner:simulate`): sends what a partner's
 * server sends — a credit, its copy, the same id with another amount, a bad signature, a reversal — signed as the
 * partner's scheme signs, and reports what the server answered beside what it should have.
 */

export const simulatorSteps = ["credit", "duplicate", "changed", "bad-signature", "reversal"] as const;
export type SimulatorStep = (typeof simulatorSteps)[number];

export interface SimulatorOptions {
  /** The server's base URL: `http://localhost:3000`. */
  url: string;
  slug: string;
  secret: string;
  preset: PartnerScheme;
  /** The player's partner id (shown on their offers page). */
  user: string;
  reward: number;
  /** Dollars, as the partner writes them: "0.50". */
  payout: string;
  /** The transaction ids' stem; each credit adds a suffix. */
  transaction: string;
  method: "GET" | "POST";
  steps: readonly SimulatorStep[];
}

export interface SimulatorResult {
  step: SimulatorStep;
  transaction: string;
  expected: number;
  status: number;
  body: string;
  ok: boolean;
}

const CREDIT_STATUS: Record<PartnerScheme, string> = { default: "1", ayet: "0", wannads: "1" };
const REVERSAL_STATUS: Record<PartnerScheme, string> = { default: "2", ayet: "1", wannads: "2" };

interface Shot {
  transaction: string;
  reward: number;
  reversal?: boolean;
  badSignature?: boolean;
}

/** One postback's parameters and headers, signed with the secret (or, for a bad signature, with another). */
export function signedPostback(
  o: Pick<SimulatorOptions, "secret" | "preset" | "user" | "payout">,
  shot: Shot,
) {
  const def = schemes[o.preset];
  const p = def.params;
  const transaction = shot.reversal && o.preset === "ayet" ? `r-${shot.transaction}` : shot.transaction;
  const params = new Map<string, string>([
    [p.user, o.user],
    [p.transaction, transaction],
    [p.reward, String(shot.reward)],
    [p.payout, o.payout],
  ]);
  if (p.status) params.set(p.status, (shot.reversal ? REVERSAL_STATUS : CREDIT_STATUS)[o.preset]);
  const secret = shot.badSignature ? randomBytes(32).toString("hex") : o.secret;
  const signature = hexOf(def.digest(params, secret));
  const headers: Record<string, string> = {};
  if ("param" in def.signatureIn) params.set(def.signatureIn.param, signature);
  else headers[def.signatureIn.header] = signature;
  return { params, headers };
}

const plan = (o: SimulatorOptions): Record<SimulatorStep, Shot & { expected: number }> => ({
  credit: { transaction: `${o.transaction}-1`, reward: o.reward, expected: 200 },
  duplicate: { transaction: `${o.transaction}-1`, reward: o.reward, expected: 200 },
  changed: { transaction: `${o.transaction}-1`, reward: o.reward + 1, expected: 409 },
  "bad-signature": { transaction: `${o.transaction}-2`, reward: o.reward, badSignature: true, expected: 403 },
  reversal: { transaction: `${o.transaction}-1`, reward: o.reward, reversal: true, expected: 200 },
});

/** Sends the chosen steps in order; answers what each got. */
export async function simulatePartner(o: SimulatorOptions): Promise<SimulatorResult[]> {
  const results: SimulatorResult[] = [];
  const shots = plan(o);
  for (const step of o.steps) {
    const shot = shots[step];
    const { params, headers } = signedPostback(o, shot);
    const query = new URLSearchParams([...params]).toString();
    const target = `${o.url.replace(/\/$/, "")}/api/postbacks/${encodeURIComponent(o.slug)}`;
    const res =
      o.method === "GET"
        ? await fetch(`${target}?${query}`, { headers })
        : await fetch(target, {
            method: "POST",
            body: query,
            headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          });
    const body = (await res.text()).slice(0, 300);
    results.push({
      step,
      transaction: shot.transaction,
      expected: shot.expected,
      status: res.status,
      body,
      ok: res.status === shot.expected,
    });
  }
  return results;
}

export class SimulatorUsageError extends Error {}

const USAGE = `npm run partner:simulate -- --url <server> --slug <partner> --secret <secret> --user <player's partner id>
  [--preset ${partnerSchemes.join("|")}] [--reward 100] [--payout 0.50] [--transaction <id stem>] [--post]
  [--steps ${simulatorSteps.join(",")}]`;

/** The command line's options (`--name value`, `--post`); a SimulatorUsageError says what is wrong. */
export function parseSimulatorArgs(argv: readonly string[]): SimulatorOptions {
  const named = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (!arg.startsWith("--")) throw new SimulatorUsageError(`Unexpected "${arg}".\n${USAGE}`);
    if (arg === "--post") named.set("post", "true");
    else named.set(arg.slice(2), argv[++i] ?? "");
  }
  const need = (name: string) => {
    const v = named.get(name);
    if (!v) throw new SimulatorUsageError(`--${name} is required.\n${USAGE}`);
    return v;
  };
  const preset = named.get("preset") ?? "default";
  if (!(partnerSchemes as readonly string[]).includes(preset))
    throw new SimulatorUsageError(`--preset must be one of ${partnerSchemes.join(", ")}.`);
  const steps = (named.get("steps") ?? simulatorSteps.join(",")).split(",");
  const unknown = steps.filter((s) => !(simulatorSteps as readonly string[]).includes(s));
  if (unknown.length > 0) throw new SimulatorUsageError(`Unknown steps: ${unknown.join(", ")}.\n${USAGE}`);
  const reward = Number(named.get("reward") ?? "100");
  if (!Number.isInteger(reward) || reward < 1)
    throw new SimulatorUsageError("--reward must be a whole number ≥ 1.");
  const url = need("url");
  if (!/^https?:\/\//.test(url)) throw new SimulatorUsageError("--url must start with http:// or https://.");
  return {
    url,
    slug: need("slug"),
    secret: need("secret"),
    user: need("user"),
    preset: preset as PartnerScheme,
    reward,
    payout: named.get("payout") ?? "0.50",
    transaction: named.get("transaction") ?? `sim-${randomBytes(4).toString("hex")}`,
    method: named.has("post") ? "POST" : "GET",
    steps: steps as SimulatorStep[],
  };
}

/** One line per answer: `credit  sim-1a2b-1  200 OK  (expected 200)`. */
export const resultLine = (r: SimulatorResult) =>
  `${r.ok ? "ok  " : "FAIL"} ${r.step.padEnd(13)} ${r.transaction.padEnd(20)} ${r.status} ${JSON.stringify(r.body)} (expected ${r.expected})`;
