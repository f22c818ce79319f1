/** Paging, JSON pieces and streaming for the data download (export.service.ts and its export-*.ts sections). */

/** Rows per read: a long history is never in memory at once. */
export const EXPORT_PAGE_ROWS = 500;

/** A date as the export writes it (ISO 8601), null kept. */
export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const json = (value: unknown) => JSON.stringify(value);

/** Rows read a page at a time, ordered by `key`, until a page comes back short. */
export async function* pages<T, K extends string | number>(
  read: (after: K | null, limit: number) => Promise<T[]>,
  keyOf: (row: T) => K,
): AsyncGenerator<T[]> {
  let after: K | null = null;
  for (;;) {
    const rows = await read(after, EXPORT_PAGE_ROWS);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** A JSON array written page by page: `"name":[…]`. */
export async function* arrayOf<T>(name: string, source: AsyncGenerator<T[]>, map: (row: T) => unknown) {
  yield `,${json(name)}:[`;
  let first = true;
  for await (const rows of source) {
    yield (first ? "" : ",") + rows.map((r) => json(map(r))).join(",");
    first = false;
  }
  yield "]";
}

/**
 * A byte stream that asks `chunks` for the next piece only when the reader wants more (backpressure). The first
 * piece is read before it returns, so a failure there (the database away) still becomes an error answer.
 */
export async function streamOf(chunks: AsyncGenerator<string>): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await chunks.next();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (first.done) controller.close();
        else controller.enqueue(encoder.encode(first.value));
      },
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
