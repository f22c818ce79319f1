import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { quizzesQueryOptions, startQuizzesRequest } from "./get-quizzes";

const list = [{ id: "general", name: "General Knowledge", description: "d", icon: "brain" }];

const listResponse = () =>
  new Response(JSON.stringify({ quizzes: list }), { headers: { "content-type": "application/json" } });

function stubFetch() {
  const fetch = vi.fn(async () => listResponse());
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

describe("the quiz list's early answer and an unmount", () => {
  it("is kept when the page unmounts while it is on its way: one request, the list cached", async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    startQuizzesRequest();
    const client = new QueryClient();
    const observer = new QueryObserver(client, quizzesQueryOptions());
    const unsubscribe = observer.subscribe(() => {});
    unsubscribe(); // e.g. StrictMode's second effect pass, or leaving /quizzes mid-request
    answer(listResponse());
    await vi.waitFor(() => expect(client.getQueryData(["quizzes"])).toEqual(list));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
