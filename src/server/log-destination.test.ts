import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogDestination } from "./log-destination";

/** An output that takes writes until `stall()`, then holds them (a reader that stopped reading) until `resume()`. */
function output() {
  const taken: string[] = [];
  let held: (() => void)[] | undefined;
  const stream = new Writable({
    highWaterMark: 100,
    write(chunk: Buffer, _encoding, callback) {
      taken.push(chunk.toString());
      if (held) held.push(() => callback());
      else callback();
    },
  });
  return {
    stream,
    taken,
    stall: () => {
      held = [];
    },
    resume: () => {
      const waiting = held ?? [];
      held = undefined;
      for (const callback of waiting) callback();
    },
  };
}

const line = (n: number) => `${JSON.stringify({ n })}\n`;

describe("log destination", () => {
  it("passes lines through while the output takes them", () => {
    const out = output();
    const destination = createLogDestination(out.stream);
    for (let n = 0; n < 5; n++) destination.write(line(n));
    expect(out.taken.join("")).toBe([0, 1, 2, 3, 4].map(line).join(""));
    expect(destination.dropped()).toBe(0);
  });

  it("holds at most its buffer for a stalled output, then drops lines and says how many once it moves", async () => {
    const out = output();
    const destination = createLogDestination(out.stream, { bufferBytes: 300 });
    out.stall();
    for (let n = 0; n < 100; n++) destination.write(line(n));
    expect(out.stream.writableLength).toBeLessThanOrEqual(300 + line(99).length);
    expect(destination.dropped()).toBeGreaterThan(50);
    const dropped = destination.dropped();
    out.resume();
    await destination.flush(1000);
    destination.write(line(100));
    expect(out.taken.at(-2)).toContain(`"dropped":${dropped}`);
    expect(out.taken.at(-1)).toBe(line(100));
  });

  it("drops lines after a stall longer than its deadline, however few", async () => {
    const out = output();
    const destination = createLogDestination(out.stream, { stallMs: 20 });
    out.stall();
    for (let n = 0; n < 10; n++) destination.write(line(n));
    expect(destination.dropped()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 40));
    destination.write(line(10));
    expect(destination.dropped()).toBe(1);
  });

  it("drops every line once the output is gone (EPIPE), without throwing", () => {
    const out = output();
    const destination = createLogDestination(out.stream);
    out.stream.destroy(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    expect(() => destination.write(line(1))).not.toThrow();
    expect(destination.dropped()).toBe(1);
  });

  it("flush waits for the held lines, but no longer than its deadline", async () => {
    const out = output();
    const destination = createLogDestination(out.stream);
    out.stall();
    for (let n = 0; n < 10; n++) destination.write(line(n));
    const started = Date.now();
    await destination.flush(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(out.stream.writableLength).toBeGreaterThan(0);
    const flushed = destination.flush(10_000);
    out.resume();
    await flushed;
    expect(out.stream.writableLength).toBe(0);
  });
});
