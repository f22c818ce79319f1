import cluster, { type Worker } from "node:cluster";
import {
  AggregatorRegistry,
  type MetricObjectWithValues,
  type MetricValue,
  type Registry,
} from "prom-client";

/**
 * One scrape shows every serving process (ADR 066). The kernel hands a scrape to any process (they share the port,
 * serve.ts); that process asks the first one, which asks every worker for its figures (its registries as JSON, over
 * node:cluster's IPC channel), adds its own and sums them (prom-client's AggregatorRegistry.aggregate: counters and
 * histograms summed, each metric's own `aggregator` otherwise) into one answer. A worker that does not answer within
 * WORKER_TIMEOUT_MS is left out (ple_scrape_processes{answered="false"} counts it). prom-client's own
 * AggregatorRegistry.clusterMetrics() is not used: it leaves out the first process, which here serves too.
 */
const GATHER = "ple:metrics:gather";
const FIGURES = "ple:metrics:figures";
const WORKER_TIMEOUT_MS = 2000;

type Json = MetricObjectWithValues<MetricValue<string>>[];
interface GatherRequest {
  type: typeof GATHER;
  id: number;
}
interface FiguresAnswer {
  type: typeof FIGURES;
  id: number;
  /** A worker's own figures (answer to GATHER from the first process). */
  figures?: Json;
  /** The summed text (answer to a worker's GATHER). */
  text?: string;
}

const isMessage = (m: unknown, type: string): m is { type: string; id: number } =>
  typeof m === "object" &&
  m !== null &&
  Reflect.get(m, "type") === type &&
  typeof Reflect.get(m, "id") === "number";

let ownRegistries: Registry[] = [];
let nextId = 0;
const pending = new Map<number, (answer: FiguresAnswer) => void>();

async function ownFigures(): Promise<Json> {
  const lists = await Promise.all(ownRegistries.map((r) => r.getMetricsAsJSON()));
  return lists.flat() as Json;
}

function ask(send: (m: GatherRequest) => void, timeoutMs: number): Promise<FiguresAnswer | null> {
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve(null);
    }, timeoutMs);
    pending.set(id, (answer) => {
      clearTimeout(timer);
      pending.delete(id);
      resolve(answer);
    });
    try {
      send({ type: GATHER, id });
    } catch {
      clearTimeout(timer);
      pending.delete(id);
      resolve(null);
    }
  });
}

function answered(message: unknown): void {
  if (isMessage(message, FIGURES)) pending.get(message.id)?.(message as FiguresAnswer);
}

/** The first process: its own figures and every live worker's, summed, as Prometheus text. */
async function gatherAll(): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w?.isConnected()));
  const answers = await Promise.all(
    workers.map((w) => ask((m) => w.send(m), WORKER_TIMEOUT_MS).then((a) => a?.figures ?? null)),
  );
  const got = answers.filter((a): a is Json => a !== null);
  const registry = AggregatorRegistry.aggregate([await ownFigures(), ...got]);
  return `${await registry.metrics()}${processesLine(1 + got.length, workers.length - got.length)}`;
}

const processesLine = (answered: number, missing: number) =>
  [
    "# HELP ple_scrape_processes Serving processes whose figures this scrape sums (answered), and those that did not answer in time",
    "# TYPE ple_scrape_processes gauge",
    `ple_scrape_processes{answered="true"} ${answered}`,
    `ple_scrape_processes{answered="false"} ${missing}`,
    "",
  ].join("\n");

/**
 * Called once per serving process (serve.ts) with the registries that are this process's own figures. In the
 * first process it answers workers' requests for the sum; in a worker it answers the first process's requests for
 * its figures.
 */
export function shareFigures(registries: Registry[]): void {
  ownRegistries = registries;
  if (cluster.isWorker) {
    process.on("message", (message: unknown) => {
      answered(message);
      if (!isMessage(message, GATHER)) return;
      void ownFigures().then((figures) => process.send?.({ type: FIGURES, id: message.id, figures }));
    });
    return;
  }
  cluster.on("message", (worker, message: unknown) => {
    answered(message);
    if (!isMessage(message, GATHER)) return;
    void gatherAll().then((text) => {
      if (worker.isConnected()) worker.send({ type: FIGURES, id: message.id, text } satisfies FiguresAnswer);
    });
  });
}

/**
 * This process's figures, or with several processes every process's summed: Prometheus text. A worker whose first
 * process does not answer in time answers with its own figures alone (ple_scrape_processes says so).
 */
export async function processFigures(registries: Registry[]): Promise<string> {
  const clustered = cluster.isWorker || Object.keys(cluster.workers ?? {}).length > 0;
  if (clustered && ownRegistries.length > 0) {
    if (!cluster.isWorker) return gatherAll();
    const answer = await ask((m) => process.send?.(m), WORKER_TIMEOUT_MS * 2);
    if (answer?.text !== undefined) return answer.text;
  }
  const lists = await Promise.all(registries.map((r) => r.getMetricsAsJSON()));
  const registry = AggregatorRegistry.aggregate([lists.flat() as Json]);
  return `${await registry.metrics()}${processesLine(1, clustered ? 1 : 0)}`;
}
