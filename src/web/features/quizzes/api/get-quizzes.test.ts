import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { quizzesQueryOptions, startQuizzesRequest } from "./get-quizzes";

const list = [{ id: "general", name: "General Knowledge", description: "d", icon: "brain" }];

function stubFetch() {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ quizzes: list }), { headers: { "content-type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("the quiz list's early request", () => {
  it("is sent at once and answers the query's first fetch; a later fetch sends a new request", async () => {
    const fetch = stubFetch();
    startQuizzesRequest();
    startQuizzesRequest(); // a second call while it is pending sends nothing more
    expect(fetch).toHaveBeenCalledTimes(1);

    const client = new QueryClient();
    await expect(client.fetchQuery(quizzesQueryOptions())).resolves.toEqual(list);
    expect(fetch).toHaveBeenCalledTimes(1);

    client.clear();
    await expect(client.fetchQuery(quizzesQueryOptions())).resolves.toEqual(list);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
