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
    "partner-coins",
    "ledger-history",
    "ledger-events",
  ],
  // The one mail design (layout.ts) every mail of every domain is written in.
  mail: ["mailer", "mail-message", "templates", "security-templates", "links", "layout"],
  jobs: ["jobs.worker", "periodic-tasks"],
  // What a domain tells a player (the texts of the lifecycle messages, queued with messages.service.ts).
  messages: ["lifecycle-texts"],
  // The award's event consumers the composition root hands the ledger (ledger-events.ts).
  streaks: ["streak-consumer"],
  kyc: ["kyc-key", "kyc-upload", "kyc-rekey"],
  redemptions: ["redemption-transitions", "providers/payout-provider", "providers/tremendous"],
  // Dual control: the check every money- or power-moving effect calls, its proposal rows, and the effects' types.
  "dual-control": ["four-eyes", "proposal-records", "effects"],
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

/**
 * The server's floors, top to bottom (each imports only what is on its floor or below):
 * - the shell: the top-level files that compose and start the app (and the domains' `*-cli.ts` entry points);
 * - the domains: the folders below, one per part of the product;
 * - the shared services every domain may use: auth, audit, dual control (which runs the effects the domains hand it
 *   at composition), mail, metrics, health, jobs, redis, http, and the ledger;
 * - the base: db and the top-level env, logger and errors files.
 */
const shell = "^src/server/(app|serve|main|cluster|create-deps|lifecycle|migrate-cli|prepare-database)[.]ts$";
const domains = [
  "account",
  "admin",
  "earning",
  "games",
  "kyc",
  "openapi",
  "profile",
  "quizzes",
  "redemptions",
  "referrals",
  "rollups",
  "streaks",
  "videos",
];
const services = [
  "auth",
  "audit",
  "dual-control",
  "mail",
  "messages",
  "metrics",
  "health",
  "jobs",
  "redis",
  "http",
  "ledger",
];
const base = [
  "^src/server/db/",
  "^src/server/(env|env-schema|load-env|logger|log-destination|errors|node-flags)[.]ts$",
];
/** The earning channels: each stands alone, as the web's features do. */
const channels = ["games", "quizzes", "videos", "earning"];
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
      comment: "The ledger knows nothing of its consumers: it never imports referrals, streaks or rollups.",
      severity: "error",
      from: { path: "^src/server/ledger/" },
      to: { path: "^src/server/(referrals|streaks|rollups)/" },
    },
    {
      name: "shell-on-top",
      comment:
        "Nothing imports the shell (the files that compose and start the app) but the shell and the CLIs.",
      severity: "error",
      from: { path: "^src/server/", pathNot: [shell, "-cli[.]ts$", tests] },
      to: { path: shell },
    },
    {
      name: "services-below-domains",
      comment:
        "A shared service (auth, audit, mail, metrics, health, jobs, redis, http, the ledger) imports no domain.",
      severity: "error",
      from: { path: `^src/server/(${services.join("|")})/`, pathNot: tests },
      to: { path: `^src/server/(${domains.join("|")})/` },
    },
    {
      name: "base-below-all",
      comment: "The base (db, env, logger, errors) imports nothing else of the server.",
      severity: "error",
      from: { path: base, pathNot: tests },
      to: { path: "^src/server/", pathNot: base },
    },
    {
      name: "channels-apart",
      comment:
        "An earning channel (games, quizzes, videos, earning) never imports another; they share what is below.",
      severity: "error",
      from: { path: `^src/server/(${channels.join("|")})/`, pathNot: tests },
      to: { path: `^src/server/(${channels.join("|")})/`, pathNot: "^src/server/$1/" },
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
