import { readdirSync } from "node:fs";
import path from "node:path";
import { migrations } from "../src/server/db/migrations/index";
import { grandfathered } from "./migration-lint/grandfathered";
import { lintMigrations } from "./migration-lint/lint";

/**
 * `npm run lint:migrations`: checks every migration's SQL for statements that lock or rewrite a table with rows
 * (docs/decisions/094, README "Upgrading"). Exits 1 on a finding.
 */
const decisions = readdirSync(path.resolve(import.meta.dirname, "../docs/decisions"));
const adrExists = (adr: string) => decisions.some((file) => file.startsWith(`${adr}-`));

const findings = await lintMigrations(migrations, { grandfathered, adrExists });
for (const f of findings)
  console.error(`${f.migration}: [${f.rule}] ${f.message}\n    ${f.sql.split("\n")[0]}`);
const checked = Object.keys(migrations).filter((name) => !grandfathered.has(name)).length;
console.log(
  `migration lint: ${checked} checked, ${grandfathered.size} grandfathered, ${findings.length} findings`,
);
process.exitCode = findings.length > 0 ? 1 : 0;
