import type { QuizId, QuizSessionView } from "~/core/api/quizzes";
import type { CompleteWatchResponse, StartWatchResponse } from "~/core/api/videos";
import type { Database } from "~/server/db/client";
import { quizContent } from "~/server/quizzes/content";
import type { ApiClient, TestUser } from "./factories";

/**
 * One real video watch through the API: start the watch, move its start back past the video's duration (the
 * test's stand-in for sitting through it), report the end. Returns the completion's status and body.
 */
export async function watchVideoToEnd(
  client: ApiClient,
  db: Database,
  user: TestUser,
  videoId = "tutorial-get-started",
): Promise<{ status: number; body: CompleteWatchResponse }> {
  const started = await client.request(`/api/videos/${videoId}/watches`, {
    method: "POST",
    cookie: user.cookie,
  });
  if (started.status !== 201) throw new Error(`starting a watch answered ${started.status}`);
  const { watch } = (await started.json()) as StartWatchResponse;
  await db
    .updateTable("video_watches")
    .set({ started_at: new Date(Date.now() - watch.durationSeconds * 1000) })
    .where("id", "=", watch.id)
    .execute();
  const res = await client.request(`/api/videos/watches/${watch.id}/complete`, {
    method: "POST",
    cookie: user.cookie,
  });
  return { status: res.status, body: (await res.json()) as CompleteWatchResponse };
}

/** Shortens every catalogue video to 2 s, so a watch completed at once counts (duration − 2 s tolerance). */
export async function makeVideosInstant(db: Database): Promise<void> {
  await db.updateTable("videos").set({ duration_seconds: 2 }).execute();
}

/**
 * Earns through one quiz session of `quizId` over the API, answering the first `correct` questions right (10
 * coins each, plus the 10-coin bonus when all 10 are). For servers whose database a test cannot reach.
 */
export async function answerQuizCorrectly(
  client: ApiClient,
  user: TestUser,
  correct: number,
  quizId: QuizId = "general",
): Promise<void> {
  const res = await client.request(`/api/quizzes/${quizId}/sessions`, {
    method: "POST",
    cookie: user.cookie,
  });
  if (res.status !== 201) throw new Error(`starting a quiz answered ${res.status}`);
  const session = (await res.json()) as QuizSessionView;
  for (const question of session.questions.slice(0, correct)) {
    const answer = quizContent.flatMap((quiz) => quiz.questions).find((q) => q.id === question.id)?.answer;
    const answered = await client.request(`/api/quizzes/sessions/${session.sessionId}/answers`, {
      method: "POST",
      cookie: user.cookie,
      json: { questionId: question.id, option: question.options.indexOf(answer ?? "") },
    });
    if (answered.status !== 200) throw new Error(`answering answered ${answered.status}`);
  }
}

/**
 * A quiz session of `quizId` started over the API; the answer `answerRight(n)` answers its next `n` questions right
 * (10 coins each, plus the 10-coin bonus with the tenth), so a test can interleave other earnings with a session.
 */
export async function startQuizSession(
  client: ApiClient,
  user: TestUser,
  quizId: QuizId,
): Promise<(n: number) => Promise<void>> {
  const res = await client.request(`/api/quizzes/${quizId}/sessions`, {
    method: "POST",
    cookie: user.cookie,
  });
  if (res.status !== 201) throw new Error(`starting a quiz answered ${res.status}`);
  const session = (await res.json()) as QuizSessionView;
  let next = 0;
  return async (n) => {
    for (const question of session.questions.slice(next, next + n)) {
      const answer = quizContent.flatMap((quiz) => quiz.questions).find((q) => q.id === question.id)?.answer;
      const answered = await client.request(`/api/quizzes/sessions/${session.sessionId}/answers`, {
        method: "POST",
        cookie: user.cookie,
        json: { questionId: question.id, option: question.options.indexOf(answer ?? "") },
      });
      if (answered.status !== 200) throw new Error(`answering answered ${answered.status}`);
    }
    next += n;
  };
}

/**
 * One paid video watch over HTTP, started and completed at once — for servers whose videos were made instant
 * (`makeVideosInstant`) and whose EARN_VIDEO_WATCHES_PER_DAY is raised. Answers the first refused status, or
 * the completion's status with the ledger row that paid it.
 */
export async function earnOneWatch(
  client: ApiClient,
  cookie: string,
  videoId = "tutorial-get-started",
): Promise<{ status: number; entryId: number | null }> {
  const started = await client.request(`/api/videos/${videoId}/watches`, { method: "POST", cookie });
  if (started.status !== 201) {
    await started.body?.cancel();
    return { status: started.status, entryId: null };
  }
  const { watch } = (await started.json()) as StartWatchResponse;
  const res = await client.request(`/api/videos/watches/${watch.id}/complete`, { method: "POST", cookie });
  if (!res.ok) {
    await res.body?.cancel();
    return { status: res.status, entryId: null };
  }
  const body = (await res.json()) as CompleteWatchResponse;
  return { status: res.status, entryId: body.earned?.entryId ?? null };
}
