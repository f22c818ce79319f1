import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { grandfathered } from "../../scripts/migration-lint/grandfathered";
import { lintMigrations } from "../../scripts/migration-lint/lint";
import { migrations } from "../../src/server/db/migrations/index";
import { runStatements } from "../../src/server/db/run-statements";

/**
 * `npm run lint` checks every migration that is not grandfathered for statements that lock or rewrite a table with
 * rows (docs/decisions/094, README "Upgrading"). Each case adds one new migration after today's, holding the
 * statement, and reads what the linter says of it; an exception needs a comment naming an ADR that exists.
 */
const root = path.resolve(import.meta.dirname, "../..");
const decisions = readdirSync(path.join(root, "docs/decisions"));
const adrExists = (adr: string) => decisions.some((file) => file.startsWith(`${adr}-`));
const lockTimeout = "set local lock_timeout = '2s'";

/** The rules the linter reports for new migrations (one per list of statements) after every existing one. */
async function rulesForMigrations(...each: string[][]): Promise<string[]> {
  const injected = Object.fromEntries(
    each.map((statements, i) => [
      `0399-injected${i === 0 ? "" : `-${i + 1}`}`,
      { up: async (db: Parameters<typeof runStatements>[0]) => runStatements(db, statements) },
    ]),
  );
  const findings = await lintMigrations({ ...migrations, ...injected }, { grandfathered, adrExists });
  return findings.map((f) => `${f.migration} ${f.rule}`);
}
/** The rules the linter reports for a new migration running `statements` after every existing one. */
const rulesFor = (statements: string[]) => rulesForMigrations(statements);

const refused: [string, string, string][] = [
  [
    "a plain CREATE INDEX on coin_ledger",
    "create index coin_ledger_amount_idx on coin_ledger (amount)",
    "index-concurrently",
  ],
  [
    "ADD COLUMN … DEFAULT now()",
    "alter table coin_ledger add column seen_at timestamptz default now()",
    "volatile-default",
  ],
  [
    "a stored generated column",
    "alter table coin_ledger add column twice bigint generated always as (amount * 2) stored",
    "stored-generated-column",
  ],
  [
    "ADD CONSTRAINT … FOREIGN KEY without NOT VALID",
    'alter table coin_ledger add constraint coin_ledger_user_fk foreign key (user_id) references "user" (id)',
    "constraint-not-valid",
  ],
  [
    "an UPDATE without a batch bound",
    "update coin_ledger set amount = amount where kind = 'quiz'",
    "batched-update",
  ],
  ["an ALTER COLUMN TYPE", "alter table coin_ledger alter column amount type numeric", "column-type-rewrite"],
  [
    "a SET NOT NULL without a validated check",
    "alter table games alter column user_id set not null",
    "set-not-null",
  ],
  ["a DELETE over the whole table", "delete from quiz_sessions", "batched-update"],
  [
    "an UPDATE of many rows by another key",
    "update quizzes set category = 'x' where icon = 'y'",
    "batched-update",
  ],
];

describe("migration lint", () => {
  it("passes the migrations as they are, and grandfathers only the ones that ran before it", async () => {
    expect(await rulesFor([lockTimeout])).toEqual([]);
    expect(grandfathered.has("0300-cheaper-watch-start")).toBe(true);
    expect([...grandfathered].every((name) => name in migrations)).toBe(true);
  });

  it.each(refused)(
    "refuses %s, and accepts it with an ADR-named exception",
    async (_what, statement, rule) => {
      expect(await rulesFor([lockTimeout, statement])).toEqual([`0399-injected ${rule}`]);
      const excepted = `-- migration-lint allow ${rule}: ADR 094 (a test of the exception)\n${statement}`;
      expect(await rulesFor([lockTimeout, excepted])).toEqual([]);
    },
  );

  it("refuses an exception naming an ADR that does not exist", async () => {
    const statement =
      "-- migration-lint allow index-concurrently: ADR 999\ncreate index x_idx on coin_ledger (amount)";
    expect(await rulesFor([lockTimeout, statement])).toEqual(["0399-injected exception-adr"]);
  });

  it("refuses a migration without lock_timeout", async () => {
    expect(await rulesFor(["alter table games add column note text"])).toEqual([
      "0399-injected lock-timeout",
    ]);
    expect(
      await rulesFor([
        "select set_config('lock_timeout', '2s', true)",
        "alter table games add column note text",
      ]),
    ).toEqual([]);
  });

  it("accepts the safe forms: CONCURRENTLY, NOT VALID then VALIDATE later, batches, a table of its own", async () => {
    const first = [
      lockTimeout,
      'alter table games add constraint games_user_fk foreign key (user_id) references "user" (id) not valid',
    ];
    const safe = [
      lockTimeout,
      "alter table games validate constraint games_user_fk",
      "alter table games alter column user_id set not null",
      "create index concurrently if not exists coin_ledger_amount_idx on coin_ledger (amount)",
      "alter table coin_ledger add column note text default 'none'",
      "update coin_ledger set note = 'x' where id in (select id from coin_ledger where note is null limit 1000)",
      "delete from quiz_sessions where id >= 1 and id < 1001",
      "update quizzes set category = 'Science' where id = 'science'",
      "create table fresh (id bigint primary key, at timestamptz default now())",
      "create index fresh_at_idx on fresh (at)",
      "update fresh set at = now()",
    ];
    expect(await rulesForMigrations(first, safe)).toEqual([]);
  });

  it("refuses a VALIDATE in the migration whose ALTER of the same table still holds its exclusive lock", async () => {
    const addAndValidate = [
      lockTimeout,
      "alter table coin_ledger drop constraint coin_ledger_kind_check",
      "alter table coin_ledger add constraint coin_ledger_kind_check check (kind <> '') not valid",
      "alter table coin_ledger validate constraint coin_ledger_kind_check",
    ];
    expect(await rulesFor(addAndValidate)).toEqual(["0399-injected validate-under-lock"]);
    // The same VALIDATE in the next migration, a transaction of its own: accepted.
    expect(
      await rulesForMigrations(addAndValidate.slice(0, 3), [lockTimeout, addAndValidate[3] ?? ""]),
    ).toEqual([]);
  });

  it("refuses a constraint added NOT VALID and never validated", async () => {
    const statement =
      'alter table games add constraint games_user_fk foreign key (user_id) references "user" (id) not valid';
    expect(await rulesFor([lockTimeout, statement])).toEqual(["0399-injected constraint-validate"]);
  });

  it("runs in npm run lint and exits 0 on the repository's migrations", async () => {
    const { stdout } = await promisify(execFile)(
      path.join(root, "node_modules/.bin/tsx"),
      ["scripts/lint-migrations.ts"],
      {
        cwd: root,
      },
    );
    expect(stdout).toMatch(/0 findings/);
  }, 120_000);
});
