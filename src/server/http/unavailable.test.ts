import { describe, expect, it } from "vitest";
import { unavailableDependency } from "./unavailable";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("unavailableDependency", () => {
  it("recognises PostgreSQL going away or refusing connections", () => {
    for (const error of [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("read ECONNRESET", "ECONNRESET"),
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("the database system is starting up", "57P03"),
      withCode("sorry, too many clients already", "53300"),
      withCode("connection failure", "08006"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Client has encountered a connection error and is not queryable"),
    ])
      expect(unavailableDependency(error), error.message).toBe("database");
  });

  it("recognises Redis failing fast while disconnected", () => {
    const maxRetries = Object.assign(new Error("Reached the max retries per request limit (which is 1)."), {
      name: "MaxRetriesPerRequestError",
    });
    for (const error of [
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error("Connection is closed."),
      maxRetries,
    ])
      expect(unavailableDependency(error), error.message).toBe("redis");
  });

  it("looks through causes and aggregate errors", () => {
    const wrapped = new Error("Failed query", { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") });
    expect(unavailableDependency(wrapped)).toBe("database");
    expect(
      unavailableDependency(new AggregateError([new Error("x"), new Error("Connection is closed.")])),
    ).toBe("redis");
  });

  it("leaves bugs and client errors alone", () => {
    for (const error of [
      new TypeError("cannot read properties of undefined"),
      withCode("duplicate key value violates unique constraint", "23505"),
      withCode("invalid byte sequence", "22021"),
      "a string",
      null,
    ])
      expect(unavailableDependency(error)).toBeNull();
  });
});
