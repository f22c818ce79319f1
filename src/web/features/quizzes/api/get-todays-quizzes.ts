import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TodaysQuizzes } from "~/core/api/quizzes";
import { api, call } from "~/web/lib/api";

/** Today's featured quizzes, each marked new for the signed-in player who never played it (docs/product.md, "Quizzes"). */
export function getTodaysQuizzes(signal?: AbortSignal): Promise<TodaysQuizzes> {
  return call(() => api.quizzes.today.$get(undefined, { init: { signal } }));
}

/**
 * Per viewer (a user id, or "guest"): the marks are the player's own. Fetched afresh whenever a list mounts, so
 * after a round (the chooser comes back) the quiz played is no longer new.
 */
export const todaysQuizzesQueryOptions = (viewer: string) =>
  queryOptions({
    queryKey: ["todays-quizzes", viewer] as const,
    queryFn: ({ signal }) => getTodaysQuizzes(signal),
    staleTime: 0,
  });

/** `enabled`: once the session is known, so a player's first request is not a guest's. */
export function useTodaysQuizzes(userId: string | null, enabled = true) {
  return useQuery({ ...todaysQuizzesQueryOptions(userId ?? "guest"), enabled });
}
