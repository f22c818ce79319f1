import type { Migration } from "kysely/migration";
import { parse } from "libpg-query";
import { recordSql } from "./record-sql";
import { type Hit, type Rule, type Scope, setsLockTimeout, statementHits } from "./rules";

export type Finding = {
  migration: string;
  rule: Rule | "exception-adr" | "parse";
  message: string;
  sql: string;
};

export type LintOptions = {
  /** Migrations applied before the linter existed: read, never checked (docs/decisions/094). */
  grandfathered: ReadonlySet<string>;
  /** Whether docs/decisions holds the ADR with this number. */
  adrExists: (adr: string) => boolean;
};

/** `-- migration-lint allow <rule> … ADR 094 …`: the exceptions a statement's own text grants. */
const allowPattern = /migration-lint allow ([a-z-]+)\b[^\n]*?\bADR[ -]?(\d{3})/gi;

function allowed(text: string): { rule: string; adr: string }[] {
  return [...text.matchAll(allowPattern)].map((m) => ({ rule: m[1] ?? "", adr: m[2] ?? "" }));
}

type Statement = { node: unknown; text: string };

async function statementsOf(query: string): Promise<Statement[]> {
  const { stmts } = await parse(query);
  let from = 0;
  return (stmts ?? []).map((stmt) => {
    const end = stmt.stmt_len ? (stmt.stmt_location ?? 0) + stmt.stmt_len : query.length;
    const text = query.slice(from, end);
    from = end;
    return { node: stmt.stmt, text };
  });
}

/** A hit stands unless the statement's text allows its rule naming an ADR that exists. */
function judge(hit: Hit, text: string, migration: string, options: LintOptions): Finding[] {
  const grant = allowed(text).find((a) => a.rule === hit.rule);
  if (!grant) return [{ migration, rule: hit.rule, message: hit.message, sql: text.trim() }];
  if (options.adrExists(grant.adr)) return [];
  const message = `the exception for ${hit.rule} names ADR ${grant.adr}, which docs/decisions does not hold`;
  return [{ migration, rule: "exception-adr", message, sql: text.trim() }];
}

type NotValid = { migration: string; table: string; text: string };

async function lintOne(
  name: string,
  migration: Migration,
  options: LintOptions,
  pending: Map<string, NotValid>,
) {
  const findings: Finding[] = [];
  const scope: Scope = { created: new Set(), validated: new Set(), notValid: new Map(), locked: new Set() };
  const texts: string[] = [];
  let lockTimeout = false;
  for (const query of await recordSql(migration)) {
    let statements: Statement[];
    try {
      statements = await statementsOf(query);
    } catch (error) {
      findings.push({ migration: name, rule: "parse", message: String(error), sql: query });
      continue;
    }
    for (const { node, text } of statements) {
      texts.push(text);
      lockTimeout ||= setsLockTimeout(node);
      for (const hit of statementHits(node, scope)) findings.push(...judge(hit, text, name, options));
      for (const [constraint, table] of scope.notValid)
        pending.set(`${table}.${constraint}`, { migration: name, table, text });
      scope.notValid.clear();
    }
  }
  for (const validated of scope.validated) pending.delete(validated);
  if (texts.length > 0 && !lockTimeout) {
    const hit: Hit = {
      rule: "lock-timeout",
      message: "the migration sets no lock_timeout (SET LOCAL lock_timeout)",
    };
    findings.push(...judge(hit, texts.join("\n"), name, options));
  }
  return findings;
}

/** Every finding in the migrations that are not grandfathered, in the order they run. */
export async function lintMigrations(
  migrations: Readonly<Record<string, Migration>>,
  options: LintOptions,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const pending = new Map<string, NotValid>();
  for (const [name, migration] of Object.entries(migrations)) {
    if (options.grandfathered.has(name)) continue;
    findings.push(...(await lintOne(name, migration, options, pending)));
  }
  for (const [constraint, { migration, text }] of pending) {
    const hit: Hit = {
      rule: "constraint-validate",
      message: `${constraint} is added NOT VALID and never validated`,
    };
    findings.push(...judge(hit, text, migration, options));
  }
  return findings;
}
