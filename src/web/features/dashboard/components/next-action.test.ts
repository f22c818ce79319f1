import { describe, expect, it } from "vitest";
import type { Allowance } from "~/core/api/earning";
import { DEFAULT_EARNING_LIMITS } from "~/core/earning";
import { nextAction } from "./next-action";

const allowance = (quizLeft: number[], videoLeft: number[], winsLeft: number): Allowance => ({
  day: "2026-11-27",
  resetsAt: "2026-11-28T00:00:00.000Z",
  limits: DEFAULT_EARNING_LIMITS,
  ticTacToe: { paidWins: 20 - winsLeft, left: winsLeft },
  quizzes: quizLeft.map((left, i) => ({ quizId: `q${i}`, paidSessions: 1 - left, left, round: null })),
  videos: videoLeft.map((left, i) => ({ videoId: `v${i}`, paidWatches: 1 - left, left })),
});

describe("the dashboard's next action", () => {
  it("suggests a quiz while one pays, with the coins it can still pay", () => {
    expect(nextAction(allowance([1, 0, 0], [1, 1, 1], 20))).toEqual({
      label: "Play a quiz: 110 coins left today",
      href: "/quizzes",
    });
    expect(nextAction(allowance([1, 1, 1], [1, 1, 1], 20)).label).toBe("Play a quiz: 330 coins left today");
  });

  it("offers a paid round left unfinished first, with how far it got", () => {
    const a = allowance([0, 0, 1], [1, 1, 1], 20);
    const [, second] = a.quizzes;
    if (!second) throw new Error("no quiz");
    second.round = {
      sessionId: "00000000-0000-4000-8000-000000000001",
      answered: 2,
      total: 10,
      expiresAt: "2026-11-27T12:00:00.000Z",
    };
    expect(nextAction(a)).toEqual({ label: "Resume: 2 of 10 answered", href: "/quizzes" });
  });

  it("then videos, then Tic Tac Toe", () => {
    expect(nextAction(allowance([0, 0, 0], [0, 1, 1], 20))).toEqual({
      label: "Watch a video: 20 coins left today",
      href: "/videos",
    });
    expect(nextAction(allowance([0, 0, 0], [0, 0, 0], 3))).toEqual({
      label: "Play Tic Tac Toe: 30 coins left today",
      href: "/games/tic-tac-toe",
    });
  });

  it("says when everything today pays is earned", () => {
    expect(nextAction(allowance([0, 0, 0], [0, 0, 0], 0)).href).toBeNull();
  });
});
