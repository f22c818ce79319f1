import type { Writable } from "node:stream";

/** Bytes of log lines held in memory while the output does not take them (a reader that stopped reading). */
export const LOG_BUFFER_BYTES = 1024 * 1024;
/** How long lines wait for a stalled output before new ones are dropped instead of held. */
export const LOG_STALL_MS = 5000;

export interface LogDestination {
  /** pino's destination interface: one JSON line. Never blocks and never throws. */
  write(line: string): void;
  /** Resolves once the lines written so far have left, the output is gone, or `timeoutMs` has passed. */
  flush(timeoutMs: number): Promise<void>;
  /** Lines dropped so far (output gone, or stalled past LOG_STALL_MS / LOG_BUFFER_BYTES). */
  dropped(): number;
}

/**
 * Where log lines go: stdout (or `stream`), written without ever holding the process. To a pipe Node writes
 * asynchronously, so a reader that stops reading only fills memory: up to `bufferBytes`, and for `stallMs` at most,
 * then lines are dropped (and counted, in a line written once the output moves again). A dead output (EPIPE, EBADF, a
 * closed stdout) drops every later line. There is no exit-time flush that could retry: a stop awaits `flush` with a
 * deadline, then exits whatever is left (docs/product.md, 'Stopping the server').
 */
export function createLogDestination(
  stream: Writable = process.stdout,
  { bufferBytes = LOG_BUFFER_BYTES, stallMs = LOG_STALL_MS }: { bufferBytes?: number; stallMs?: number } = {},
): LogDestination {
  let gone = false;
  let dropped = 0;
  let reported = 0;
  // Lines handed to the stream and not yet written out, and when the output last took one.
  let pending = 0;
  let movedAt = 0;
  const settled = new Set<() => void>();
  const isGone = () => gone || stream.destroyed || !stream.writable;
  const wake = () => {
    for (const resolve of settled) resolve();
  };
  const lost = () => {
    gone = true;
    wake();
  };
  stream.on("error", lost);
  stream.on("close", lost);
  function send(line: string): void {
    if (pending === 0) movedAt = Date.now();
    pending += 1;
    try {
      stream.write(line, (error) => {
        pending -= 1;
        movedAt = Date.now();
        if (error) lost();
        else if (pending === 0) wake();
      });
    } catch {
      lost();
    }
  }
  return {
    write(line) {
      const stalled = pending > 0 && (stream.writableLength > bufferBytes || Date.now() - movedAt > stallMs);
      if (isGone() || stalled) {
        dropped += 1;
        return;
      }
      if (dropped > reported) {
        send(
          `${JSON.stringify({ level: 40, time: Date.now(), dropped: dropped - reported, msg: "log lines dropped" })}\n`,
        );
        reported = dropped;
      }
      send(line);
    },
    flush(timeoutMs) {
      if (isGone() || pending === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          settled.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        settled.add(done);
      });
    },
    dropped: () => dropped,
  };
}
