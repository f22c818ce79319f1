import { as, type Fields, findAll, isFields, list, relname, str } from "./ast";

/**
 * The statements a migration may not run on a table that already holds rows (docs/decisions/094): each takes a lock
 * that stops writers for as long as the table is big, or rewrites the table. A table the same migration creates is
 * empty, so none of them applies to it.
 */
export type Rule =
  | "index-concurrently"
  | "constraint-not-valid"
  | "constraint-validate"
  | "validate-under-lock"
  | "volatile-default"
  | "stored-generated-column"
  | "column-type-rewrite"
  | "set-not-null"
  | "batched-update"
  | "lock-timeout";

export type Hit = { rule: Rule; message: string };

/**
 * What the rules know of the migration so far: the tables it created, the constraints validated, and the tables an
 * ALTER other than VALIDATE has locked (ACCESS EXCLUSIVE, held to the end of the migration's transaction).
 */
export type Scope = {
  created: Set<string>;
  validated: Set<string>;
  notValid: Map<string, string>;
  locked: Set<string>;
};

function alterCmds(stmt: Fields | undefined): Fields[] {
  return list(stmt, "cmds")
    .map((cmd) => as(cmd, "AlterTableCmd"))
    .filter((cmd): cmd is Fields => cmd !== undefined);
}

function constraintsOf(def: unknown): Fields[] {
  const column = as(def, "ColumnDef");
  const own = list(column, "constraints");
  const alone = as(def, "Constraint");
  return [...own.map((c) => as(c, "Constraint")), alone].filter((c): c is Fields => c !== undefined);
}

const volatileDefault = (constraint: Fields) =>
  str(constraint, "contype") === "CONSTR_DEFAULT" &&
  (findAll(constraint.raw_expr, "FuncCall").length > 0 ||
    findAll(constraint.raw_expr, "SQLValueFunction").length > 0 ||
    findAll(constraint.raw_expr, "SubLink").length > 0);

function alterHits(table: string, cmd: Fields, scope: Scope): Hit[] {
  const hits: Hit[] = [];
  const subtype = str(cmd, "subtype");
  for (const constraint of constraintsOf(cmd.def)) {
    const type = str(constraint, "contype");
    if (volatileDefault(constraint))
      hits.push({
        rule: "volatile-default",
        message: `a column of ${table} with a volatile default rewrites it`,
      });
    if (type === "CONSTR_GENERATED" && str(constraint, "generated_kind") !== "v")
      hits.push({ rule: "stored-generated-column", message: `a stored generated column rewrites ${table}` });
    if ((type === "CONSTR_FOREIGN" || type === "CONSTR_CHECK") && constraint.skip_validation !== true)
      hits.push({
        rule: "constraint-not-valid",
        message: `add the constraint on ${table} NOT VALID, then VALIDATE`,
      });
    if ((type === "CONSTR_FOREIGN" || type === "CONSTR_CHECK") && constraint.skip_validation === true)
      scope.notValid.set(str(constraint, "conname") ?? "?", table);
    if ((type === "CONSTR_UNIQUE" || type === "CONSTR_PRIMARY") && !str(constraint, "indexname"))
      hits.push({
        rule: "index-concurrently",
        message: `build the unique index on ${table} CONCURRENTLY, then ADD CONSTRAINT … USING INDEX`,
      });
  }
  if (subtype === "AT_ValidateConstraint") {
    scope.validated.add(`${table}.${str(cmd, "name")}`);
    // The scan would run under the exclusive lock the earlier ALTER holds to the commit: writers wait for all of it.
    if (scope.locked.has(table))
      hits.push({
        rule: "validate-under-lock",
        message: `VALIDATE on ${table} after an ALTER of it in the same migration runs under that ALTER's lock: validate in a later migration`,
      });
  } else scope.locked.add(table);
  if (subtype === "AT_AlterColumnType")
    hits.push({
      rule: "column-type-rewrite",
      message: `ALTER COLUMN TYPE rewrites ${table} under an exclusive lock`,
    });
  if (subtype === "AT_SetNotNull" && ![...scope.validated].some((name) => name.startsWith(`${table}.`)))
    hits.push({
      rule: "set-not-null",
      message: `SET NOT NULL on ${table} scans it locked: validate a CHECK first`,
    });
  return hits;
}

/** `id = <constant>` (the key of one row), the whole WHERE or one term of its AND. */
function oneRowById(where: unknown): boolean {
  const and = as(where, "BoolExpr");
  const terms = and && str(and, "boolop") === "AND_EXPR" ? list(and, "args") : [where];
  return terms.some((term) => {
    const op = as(term, "A_Expr");
    const name = list(op, "name").map((n) => str(as(n, "String"), "sval"));
    const column = list(as(op?.lexpr, "ColumnRef"), "fields").map((f) => str(as(f, "String"), "sval"));
    return name.join() === "=" && column.at(-1) === "id" && as(op?.rexpr, "A_Const") !== undefined;
  });
}

/** A WHERE that bounds a batch: one row by its id, a sub-select with LIMIT, a BETWEEN, or a range with both ends. */
function batchBound(where: unknown): boolean {
  if (oneRowById(where)) return true;
  if (findAll(where, "SubLink").some((link) => as(link.subselect, "SelectStmt")?.limitCount !== undefined))
    return true;
  const ops = findAll(where, "A_Expr");
  if (ops.some((op) => str(op, "kind") === "AEXPR_BETWEEN")) return true;
  const names = ops.flatMap((op) => list(op, "name").map((n) => str(as(n, "String"), "sval")));
  return names.some((n) => n === "<" || n === "<=") && names.some((n) => n === ">" || n === ">=");
}

/** What is wrong with one statement, given the migration so far; updates `scope`. */
export function statementHits(node: unknown, scope: Scope): Hit[] {
  const createdName = relname(as(node, "CreateStmt"));
  if (createdName) scope.created.add(createdName);
  const index = as(node, "IndexStmt");
  const indexTable = relname(index);
  if (index && indexTable && !scope.created.has(indexTable) && index.concurrent !== true)
    return [{ rule: "index-concurrently", message: `CREATE INDEX on ${indexTable} without CONCURRENTLY` }];
  const alter = as(node, "AlterTableStmt");
  const alterTable = relname(alter);
  if (alter && alterTable) {
    const hits = alterCmds(alter).flatMap((cmd) => alterHits(alterTable, cmd, scope));
    return scope.created.has(alterTable) ? [] : hits;
  }
  const write = as(node, "UpdateStmt") ?? as(node, "DeleteStmt");
  const writeTable = relname(write);
  if (write && writeTable && !scope.created.has(writeTable) && !batchBound(write.whereClause))
    return [{ rule: "batched-update", message: `UPDATE/DELETE over ${writeTable} without a batch bound` }];
  return [];
}

/** Whether the statement sets `lock_timeout` (SET, SET LOCAL or set_config). */
export function setsLockTimeout(node: unknown): boolean {
  if (str(as(node, "VariableSetStmt"), "name") === "lock_timeout") return true;
  return findAll(node, "FuncCall").some((call) => {
    const named = list(call, "funcname").some((n) => str(as(n, "String"), "sval") === "set_config");
    const first = as(list(call, "args")[0], "A_Const")?.sval;
    return named && isFields(first) && first.sval === "lock_timeout";
  });
}
