import { afterAll, beforeAll } from "vitest";
import { createTestContext, type TestContext, type TestEnvOverrides } from "./test-app";

/**
 * A stand-in for an object that exists only once `get` answers it (made in a beforeAll): property reads go to
 * that object, so a file can hold it in a constant from its top. Reading it before then throws.
 */
export function deferred<T extends object>(get: () => T | undefined, what: string): T {
  const target = () => {
    const value = get();
    if (value === undefined) throw new Error(`${what} is made in beforeAll: read it inside a test or hook`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = Reflect.get(target(), key);
      return typeof value === "function" ? value.bind(target()) : value;
    },
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(target(), key),
  });
}

/**
 * Makes `make()` before the file's tests and `dispose`s it after them; answers its stand-in (see `deferred`).
 */
export function madeBeforeAll<T extends object>(
  make: () => Promise<T>,
  dispose: (value: T) => Promise<void>,
  what = "the test fixture",
): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  });
  afterAll(async () => {
    if (value) await dispose(value);
  });
  return deferred(() => value, what);
}

/** The file's app on a fresh database (createTestContext), made before its tests and closed after them. */
export const contextForFile = (overrides: TestEnvOverrides = {}): TestContext =>
  madeBeforeAll(
    () => createTestContext(overrides),
    (ctx) => ctx.close(),
    "the test context",
  );
