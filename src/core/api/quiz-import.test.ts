import { describe, expect, it } from "vitest";
import { toCsv } from "../csv";
import { type ImportedQuestion, QUIZ_CSV_HEADER, readQuizFile, writeQuizFile } from "./quiz-import";

/** docs/product.md, "Content operations": the import's file formats and the reasons a row is refused. */

const question = (n: number): ImportedQuestion => ({
  text: `What is ${n} plus one?`,
  options: [`${n + 1}`, `${n + 2}`, `${n + 3}`],
  answer: `${n + 1}`,
  explanation: n % 2 ? `Count one on from ${n}.` : null,
});
const questions = (count: number) => Array.from({ length: count }, (_, i) => question(i + 1));
const csvRow = (q: string, options: string[], answer: string, explanation = "") => [
  q,
  ...Array.from({ length: 6 }, (_, i) => options[i] ?? ""),
  answer,
  explanation,
];

describe("readQuizFile", () => {
  it("reads back what writeQuizFile wrote, as CSV and as JSON", () => {
    const qs = questions(12);
    expect(readQuizFile("q.csv", writeQuizFile(qs, "csv"))).toEqual({ ok: true, questions: qs });
    expect(readQuizFile("q.json", writeQuizFile(qs, "json"))).toEqual({ ok: true, questions: qs });
  });

  it("names every bad row with its number and reason, and refuses the whole file", () => {
    const good = questions(10).map((q) => csvRow(q.text, q.options, q.answer));
    const bad = [
      csvRow("Which has no answer?", ["A", "B"], ""),
      csvRow("Which answer is missing?", ["A", "B"], "C"),
      [...csvRow("Seven options?", ["1", "2", "3", "4", "5", "6"], "1"), "7"],
      csvRow("Only one option?", ["A"], "A"),
      csvRow("", ["A", "B"], "A"),
      csvRow("An option is empty?", ["A", "", "C"], "A"),
      csvRow("\uE000\uE001\uE002\uE003", ["A", "B"], "A"),
      csvRow("What is 1 plus one?", ["2", "3"], "2"),
    ];
    const reading = readQuizFile("q.csv", toCsv([[...QUIZ_CSV_HEADER], ...good, ...bad]));
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.message).toBe("8 rows of the file are not right; nothing was imported.");
    expect(reading.rows.map((r) => r.row)).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
    const reasons = reading.rows.map((r) => r.reason);
    expect(reasons[0]).toBe("No answer: give the text of the correct option.");
    expect(reasons[1]).toBe("The answer is not one of the options.");
    expect(reasons[2]).toMatch(/^The row has 10 fields, the header 9: more than 6 options\?/);
    expect(reasons[3]).toBe("Fewer than 2 options: a question has 2 to 6.");
    expect(reasons[4]).toBe("Question: Give the question at least 3 characters.");
    expect(reasons[5]).toBe("Option 2: Give the option at least 1 character.");
    expect(reasons[6]).toMatch(/^Question: The text cannot be read as written/);
    expect(reasons[7]).toBe("The same question as row 2.");
  });

  it("reads quoted CSV fields with commas, quotes and line breaks (a line break becomes a space)", () => {
    const text = `${QUIZ_CSV_HEADER.join(",")}\r\n"Who said ""hello, world""\nfirst?",Kernighan,"Ritchie, D.",,,,,Kernighan,"A 1974 memo, then ""C""."\r\n`;
    const more = questions(9).map((q) => csvRow(q.text, q.options, q.answer));
    const reading = readQuizFile("q.csv", text + toCsv(more));
    expect(reading.ok && reading.questions[0]).toEqual({
      text: 'Who said "hello, world" first?',
      options: ["Kernighan", "Ritchie, D."],
      answer: "Kernighan",
      explanation: 'A 1974 memo, then "C".',
    });
  });

  it("refuses JSON rows of each kind, a wrong CSV header, a file of neither kind and too few questions", () => {
    const json = JSON.stringify([
      ...questions(10).map((q) => ({ question: q.text, options: q.options, answer: q.answer })),
      { question: "Seven?", options: ["1", "2", "3", "4", "5", "6", "7"], answer: "1" },
      { question: "No answer here?", options: ["A", "B"] },
      "not an object",
    ]);
    const reading = readQuizFile("q.json", json);
    expect(reading.ok === false && reading.rows).toEqual([
      { row: 11, reason: "More than 6 options: a question has 2 to 6." },
      { row: 12, reason: "No answer: give the text of the correct option." },
      { row: 13, reason: "Not a question: each item is { question, options, answer, explanation }." },
    ]);
    const header = readQuizFile("q.csv", "question,a,b\nx,y,z\n");
    expect(header.ok === false && header.rows).toEqual([
      { row: 1, reason: `The header must be: ${QUIZ_CSV_HEADER.join(",")}` },
    ]);
    expect(readQuizFile("q.json", "{not json").ok).toBe(false);
    const few = readQuizFile("q.csv", writeQuizFile(questions(9), "csv"));
    expect(few.ok === false && few.message).toBe(
      "A quiz needs at least 10 questions (a round draws 10); the file has 9.",
    );
  });
});
