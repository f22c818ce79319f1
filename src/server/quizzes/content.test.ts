import { describe, expect, it } from "vitest";
import { quizIcons } from "~/core/api/quizzes";
import { OPTIONS_PER_QUESTION, QUESTIONS_PER_QUIZ } from "~/core/quiz/scoring";
import { quizContent } from "./content";

describe("quiz content", () => {
  it("has the three quizzes of docs/product.md with names, icons and descriptions", () => {
    expect(quizContent.map((quiz) => [quiz.id, quiz.name, quiz.description])).toEqual([
      ["general", "General Knowledge", "Test your knowledge in General Knowledge with 10 questions."],
      ["science", "Science Facts", "Test your knowledge in Science Facts with 10 questions."],
      ["history", "World History", "Test your knowledge in World History with 10 questions."],
    ]);
    expect(quizContent.map((quiz) => [quiz.id, quiz.category])).toEqual([
      ["general", "General"],
      ["science", "Science"],
      ["history", "History"],
    ]);
    for (const quiz of quizContent) expect(quizIcons).toContain(quiz.icon);
  });

  it("has 10 questions per quiz, 30 in all, with unique ids and texts", () => {
    const all = quizContent.flatMap((quiz) => quiz.questions);
    for (const quiz of quizContent) expect(quiz.questions).toHaveLength(QUESTIONS_PER_QUIZ);
    expect(all).toHaveLength(30);
    expect(new Set(all.map((question) => question.id)).size).toBe(30);
    expect(new Set(all.map((question) => question.text)).size).toBe(30);
    for (const quiz of quizContent)
      for (const question of quiz.questions) expect(question.id.startsWith(`${quiz.id}-`)).toBe(true);
  });

  it("gives every question four distinct options with exactly one answer among them", () => {
    for (const question of quizContent.flatMap((quiz) => quiz.questions)) {
      expect(question.options, question.id).toHaveLength(OPTIONS_PER_QUESTION);
      expect(new Set(question.options.map((o) => o.toLowerCase())).size, question.id).toBe(4);
      expect(
        question.options.filter((o) => o === question.answer),
        question.id,
      ).toHaveLength(1);
      for (const text of [question.text, ...question.options]) expect(text.trim(), question.id).toBe(text);
    }
  });
});
