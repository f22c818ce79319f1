/**
 * The module boundaries `npm run lint` enforces (ADR 069). dependency-cruiser reads every import under src/,
 * type-only ones included (tsPreCompilationDeps), and fails on any rule below.
 *
 * A server domain (src/server/<domain>/) is used from outside only through its public entry:
 * - by convention, its `*.service.ts`, `*.routes.ts` and `*.job.ts` files (and an `index.ts`);
 * - and the few further files listed per domain in `extraEntries` (a reviewed list: adding a name is a decision).
 * Everything else in the folder is the domain's own. Shared kits (db, http, redis) are whole entries: each
 * top-level file is a tool for every domain; their subfolders are their own (db/migrations: its index only).
 * Tests (`*.test.ts`) may reach into a domain to arrange state; they are not held to entries.
 */

/** Per domain: the files beyond the convention that other domains (and the composition root) may import. */
const extraEntries = {
  // The request guards, the auth instance and the session reader the composition root builds.
  auth: [
    "require-user",
    "require-admin",
    "optional-user",
    "earner",
    "ban-state",
    "auth",
    "session-reader",
    "account-hooks",
    "password-hash",
    "auth-secret",
  ],
  // The ledger's writer and the handles and keys its callers pass it.
  ledger: [
    "transaction",
    "cause-keys",
    "ledger-policy",
    "redemption-coins",
    "referral-pair",
    "ledger-history",
    "ledger-events",
  ],
  mail: ["mailer", "mail-message", "templates", "links"],
  jobs: ["jobs.worker", "periodic-tasks"],
  // The award's event consumers the composition root hands the ledger (ledger-events.ts).
  streaks: ["streak-consumer"],
  health: ["dependency-monitor", "unavailable"],
  kyc: ["kyc-key", "kyc-upload", "kyc-rekey"],
  redemptions: ["redemption-transitions", "providers/payout-provider", "providers/tremendous"],
  // Dual control: the check every money- or power-moving effect calls, its proposal rows, and the requests.
  "dual-control": ["four-eyes", "proposal-records", "requests"],
  // The counters the places where money moves raise, and the HTTP timing the app mounts.
  metrics: ["registry", "http-metrics"],
  quizzes: ["seed-content"],
  referrals: ["first-earning-consumer", "release-consumer"],
  // The daily figures' consumer of the ledger's events, handed to the ledger at composition.
  rollups: ["rollups-consumer"],
  openapi: ["build-document"],
  db: ["migrations/index"],
};
const sharedKits = ["db", "http", "redis"];

const escapeDots = (s) => s.replace(/[.]/g, "[.]");
const entryPaths = [
  "^src/server/[^/]+/(index|[a-z0-9.-]+[.](service|routes|job))[.]tsx?$",
  `^src/server/(${sharedKits.join("|")})/[^/]+[.]ts$`,
  ...Object.entries(extraEntries).map(
    ([domain, files]) => `^src/server/${domain}/(${files.map(escapeDots).join("|")})[.]ts$`,
  ),
];
const tests = "[.]test[.]tsx?$";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import circle, type-only imports included: every module's imports run one way.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "features-apart",
      comment:
        "A web feature (src/web/features/<a>) never imports another feature; shared code lives outside them.",
      severity: "error",
      from: { path: "^src/web/features/([^/]+)/" },
      to: { path: "^src/web/features/([^/]+)/", pathNot: "^src/web/features/$1/" },
    },
    {
      name: "domain-entry",
      comment: "Outside a server domain, only its public entry is imported (see extraEntries above).",
      severity: "error",
      from: { path: "^src/server/([^/]+)", pathNot: tests },
      to: { path: "^src/server/[^/]+/", pathNot: ["^src/server/$1/", ...entryPaths] },
    },
    {
      name: "ledger-alone",
      comment: "The ledger knows nothing of its listeners: it never imports referrals or streaks.",
      severity: "error",
      from: { path: "^src/server/ledger/" },
      to: { path: "^src/server/(referrals|streaks)/" },
    },
    {
      name: "server-not-web",
      comment: "The server never imports the browser's code.",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/web/" },
    },
    {
      name: "web-not-server",
      comment:
        "The browser imports the server's types only (the typed API client's AppType), never its code.",
      severity: "error",
      from: { path: "^src/web/" },
      to: { path: "^src/server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "core-alone",
      comment: "src/core is pure: it imports neither the server nor the browser.",
      severity: "error",
      from: { path: "^src/core/" },
      to: { path: "^src/(server|web)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^tests/fixtures/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
