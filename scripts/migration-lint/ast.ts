/** Small readers over libpg-query's JSON tree: every node is `{ Kind: { ...fields } }`. */
export type Fields = Record<string, unknown>;

export function isFields(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The fields of `node` when it is a `kind` node, else undefined. */
export function as(node: unknown, kind: string): Fields | undefined {
  if (!isFields(node)) return undefined;
  const inner = node[kind];
  return isFields(inner) ? inner : undefined;
}

export function str(fields: Fields | undefined, key: string): string | undefined {
  const value = fields?.[key];
  return typeof value === "string" ? value : undefined;
}

export function list(fields: Fields | undefined, key: string): unknown[] {
  const value = fields?.[key];
  return Array.isArray(value) ? value : [];
}

/** Every `kind` node anywhere under `node` (depth first). */
export function findAll(node: unknown, kind: string): Fields[] {
  const found: Fields[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isFields(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === kind && isFields(inner)) found.push(inner);
      visit(inner);
    }
  };
  visit(node);
  return found;
}

/** The table a statement names (`relation.relname`). */
export function relname(fields: Fields | undefined): string | undefined {
  const relation = fields?.relation;
  return isFields(relation) ? str(relation, "relname") : undefined;
}
