import { getMigrations } from "better-auth/db/migration";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestContext, type TestContext } from "#tests/support/test-app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

it("our migrations hold exactly what better-auth expects: getMigrations finds nothing to create", async () => {
  const plan = await getMigrations(ctx.deps.auth.options);
  expect(plan.toBeCreated).toEqual([]);
  expect(plan.toBeAdded).toEqual([]);
  expect(plan.toBeAddedIndexes).toEqual([]);
  expect(plan.unsafeChanges).toEqual([]);
  expect(plan.schemaProblems).toEqual([]);
});
