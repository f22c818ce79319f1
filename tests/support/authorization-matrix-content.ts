import { expect } from "vitest";
import { QUIZ_CSV_HEADER } from "~/core/api/quiz-import";
import type { MatrixCase } from "./authorization";
import { tinyMp4 } from "./video-files";

/** The content console: 401 for guests, 403 for players, `status` for content editors and administrators. */
export const editorsOnly = (status: number): MatrixCase["expect"] => ({
  guest: 401,
  other: 403,
  owner: 403,
  admin: status,
  editor: status,
});

const body = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? { ...value } : {};

/** The /api/admin/quizzes and /api/admin/videos rows of the authorization matrix (docs/product.md, "Content operations"). */
export function contentMatrix(): Record<string, MatrixCase> {
  return {
    "GET /api/admin/quizzes": {
      request: () => ({ path: "/api/admin/quizzes" }),
      expect: editorsOnly(200),
      check: (_actor, res) =>
        expect(Array.isArray(body(res).quizzes) && body(res).quizzes).not.toHaveLength(0),
    },
    "GET /api/admin/quizzes/{quizId}": {
      request: () => ({ path: "/api/admin/quizzes/history" }),
      expect: editorsOnly(200),
      check: (_actor, res) => expect(body(body(res).quiz).id).toBe("history"),
    },
    "PATCH /api/admin/quizzes/{quizId}": {
      request: (actor) => ({
        path: "/api/admin/quizzes/history",
        init: { method: "PATCH", json: { category: `History ${actor.role}` } },
      }),
      expect: editorsOnly(200),
    },
    "PUT /api/admin/quizzes/{quizId}/questions/{questionId}": {
      request: (actor) => ({
        path: "/api/admin/quizzes/history/questions/history-10",
        init: {
          method: "PUT",
          json: {
            text: `Which year is it (${actor.role})?`,
            options: ["This one", "Another"],
            answer: "This one",
          },
        },
      }),
      expect: editorsOnly(200),
    },
    "POST /api/admin/quizzes": {
      request: (actor) => ({
        path: "/api/admin/quizzes",
        init: {
          method: "POST",
          json: {
            name: `Written by ${actor.role}`,
            description: "Written in the console.",
            category: "Console",
          },
        },
      }),
      expect: editorsOnly(201),
      check: (_actor, res) => expect(body(body(res).quiz).status).toBe("draft"),
    },
    "POST /api/admin/quizzes/{quizId}/questions": {
      request: (actor) => ({
        path: "/api/admin/quizzes/history/questions",
        init: {
          method: "POST",
          json: { text: `Added by ${actor.role}?`, options: ["Yes", "No"], answer: "Yes" },
        },
      }),
      expect: editorsOnly(201),
    },
    "DELETE /api/admin/quizzes/{quizId}/questions/{questionId}": {
      // History is published with 10 questions and one added per editor above: removing one added question keeps 10.
      request: (actor) => ({
        path: `/api/admin/quizzes/history/questions/${actor.role === "admin" ? "history-09" : "history-08"}`,
        init: { method: "DELETE" },
      }),
      expect: editorsOnly(200),
    },
    "POST /api/admin/quizzes/import": {
      request: (actor) => ({
        path: "/api/admin/quizzes/import",
        init: { method: "POST", form: quizImportForm(actor.role) },
      }),
      expect: editorsOnly(201),
      check: (_actor, res) => expect(body(body(res).quiz).questionCount).toBe(10),
    },
    "GET /api/admin/quizzes/{quizId}/export": {
      request: () => ({ path: "/api/admin/quizzes/history/export?format=csv" }),
      expect: editorsOnly(200),
    },
    // States (ADR 115): only "general" is played by the other rows, so "history" may be retired and published.
    "GET /api/admin/quizzes/{quizId}/preview": {
      request: () => ({ path: "/api/admin/quizzes/history/preview" }),
      expect: editorsOnly(200),
      check: (_actor, res) => expect(body(res).questions).toHaveLength(10),
    },
    "POST /api/admin/quizzes/{quizId}/publish": {
      request: () => ({ path: "/api/admin/quizzes/history/publish", init: { method: "POST" } }),
      expect: editorsOnly(200),
      check: (_actor, res) => expect(body(body(res).quiz).status).toBe("published"),
    },
    "POST /api/admin/quizzes/{quizId}/retire": {
      request: () => ({ path: "/api/admin/quizzes/history/retire", init: { method: "POST" } }),
      expect: editorsOnly(200),
      check: (_actor, res) => expect(body(body(res).quiz).status).toBe("retired"),
    },
    ...videoMatrix(),
  };
}

/** An import of ten questions as CSV, under a name of the actor's role (names are unique). */
const quizImportForm = (role: string) => {
  const rows = Array.from(
    { length: 10 },
    (_, i) => `Question ${i + 1} of the ${role}?,Yes ${i},No ${i},,,,,Yes ${i},\r\n`,
  );
  const form = new FormData();
  form.set("name", `Imported by the ${role}`);
  form.set(
    "file",
    new File([`${QUIZ_CSV_HEADER.join(",")}\r\n${rows.join("")}`], "quiz.csv", { type: "text/csv" }),
  );
  return form;
};

/** An upload of a tiny valid MP4, as the console's form sends it. */
const videoForm = (role: string) => {
  const form = new FormData();
  form.set("file", new File([tinyMp4(4)], "clip.mp4", { type: "video/mp4" }));
  form.set("title", `A clip by the ${role}`);
  form.set("description", "Matrix upload.");
  form.set("reward", "3");
  return form;
};

/** The /api/admin/videos rows: the same editors-only rule as the quizzes. */
function videoMatrix(): Record<string, MatrixCase> {
  return {
    "GET /api/admin/videos": {
      request: () => ({ path: "/api/admin/videos" }),
      expect: editorsOnly(200),
      check: (_actor, res) => expect(Array.isArray(body(res).videos) && body(res).videos).not.toHaveLength(0),
    },
    "GET /api/admin/videos/{videoId}": {
      request: () => ({ path: "/api/admin/videos/community-highlights" }),
      expect: editorsOnly(200),
      check: (_actor, res) => expect(body(body(res).video).id).toBe("community-highlights"),
    },
    "POST /api/admin/videos": {
      request: (actor) => ({
        path: "/api/admin/videos",
        init: { method: "POST", form: videoForm(actor.role) },
      }),
      expect: editorsOnly(201),
      check: (_actor, res) => expect(body(body(res).video).durationSeconds).toBe(4),
    },
    "PATCH /api/admin/videos/{videoId}": {
      request: (actor) => ({
        path: "/api/admin/videos/community-highlights",
        init: { method: "PATCH", json: { description: `Edited by the ${actor.role}.` } },
      }),
      expect: editorsOnly(200),
    },
  };
}
