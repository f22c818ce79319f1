import { z } from "zod";
import { parseCsv, toCsv } from "../csv";
import { QUESTIONS_PER_QUIZ } from "../quiz/scoring";
import { cleanText } from "../words";
import {
  contentQuizSchema,
  explanationField,
  MAX_OPTIONS,
  MIN_OPTIONS,
  optionTextField,
  questionTextField,
  quizNameField,
} from "./content";
import { quizIdSchema } from "./quizzes";

/**
 * Importing and exporting a quiz's questions (docs/product.md, "Content operations"; ADR 114). A file is CSV with
 * the header below, or JSON: an array of `{ question, options, answer, explanation? }`. `answer` is the text of
 * the correct option. The whole file is checked before anything is written: one bad row refuses it, and the
 * answer names every bad row (its number and why).
 */

export const QUIZ_CSV_HEADER = [
  "question",
  ...Array.from({ length: MAX_OPTIONS }, (_, i) => `option_${i + 1}`),
  "answer",
  "explanation",
] as const;

/** The largest file an import reads. */
export const QUIZ_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** A round draws this many questions, so a quiz needs at least as many. */
export const MIN_IMPORT_QUESTIONS = QUESTIONS_PER_QUIZ;
/** The most bad rows one refusal lists (a file of 2 MB could hold tens of thousands). */
export const MAX_REPORTED_ROWS = 1_000;

/** POST /api/admin/quizzes/import (multipart/form-data). */
export const quizImportForm = z.object({
  name: quizNameField,
  file: z.file({ message: "Choose a CSV or JSON file of questions." }),
});

export const quizExportFormats = ["csv", "json"] as const;
export type QuizExportFormat = (typeof quizExportFormats)[number];
export const quizExportQuery = z.object({ format: z.enum(quizExportFormats).default("csv") });
export const quizExportParam = z.object({ quizId: quizIdSchema });

export const quizImportResponse = z.object({ quiz: contentQuizSchema });

/** One refused row: its number (CSV: the record, counting the header as row 1; JSON: the array item, from 1). */
export const importRowProblemSchema = z.object({ row: z.number().int(), reason: z.string() });
export type ImportRowProblem = z.output<typeof importRowProblemSchema>;

/** A question as imported and exported. */
export interface ImportedQuestion {
  text: string;
  options: string[];
  answer: string;
  explanation: string | null;
}

export type QuizFileReading =
  | { ok: true; questions: ImportedQuestion[] }
  | { ok: false; message: string; rows: ImportRowProblem[] };

/** A row before it is checked: strings or anything a JSON file held. */
interface RawRow {
  row: number;
  question: unknown;
  options: unknown;
  answer: unknown;
  explanation: unknown;
  /** Why the row is refused before its fields are read (a CSV row with too many fields, a JSON item not an object). */
  problem?: string;
}

const rowSchema = z
  .object({
    question: questionTextField,
    options: z
      .array(optionTextField, { message: "Options must be a list of texts." })
      .min(MIN_OPTIONS, `Fewer than ${MIN_OPTIONS} options: a question has ${MIN_OPTIONS} to ${MAX_OPTIONS}.`)
      .max(MAX_OPTIONS, `More than ${MAX_OPTIONS} options: a question has ${MIN_OPTIONS} to ${MAX_OPTIONS}.`),
    answer: z.string({ message: "No answer: give the text of the correct option." }),
    explanation: explanationField.nullish(),
  })
  .superRefine((q, ctx) => {
    const lower = q.options.map((o) => o.toLowerCase());
    if (new Set(lower).size !== lower.length)
      ctx.addIssue({ code: "custom", path: ["options"], message: "Two options are the same." });
    if (q.answer.trim() === "")
      ctx.addIssue({
        code: "custom",
        path: ["answer"],
        message: "No answer: give the text of the correct option.",
      });
    else if (!q.options.includes(q.answer))
      ctx.addIssue({ code: "custom", path: ["answer"], message: "The answer is not one of the options." });
  });

const fieldName = (path: readonly PropertyKey[]) => {
  const [field, index] = path;
  if (field === "options" && typeof index === "number") return `Option ${index + 1}: `;
  if (field === "question") return "Question: ";
  if (field === "explanation") return "Explanation: ";
  return "";
};

/** The checked question, or why the row is refused (every reason, in one sentence list). */
function checkRow(raw: RawRow): ImportedQuestion | string {
  if (raw.problem) return raw.problem;
  const answer = typeof raw.answer === "string" ? cleanText(raw.answer) : raw.answer;
  const parsed = rowSchema.safeParse({ ...raw, answer });
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((i) => `${fieldName(i.path)}${i.message}`);
    return [...new Set(reasons)].join(" ");
  }
  const { question, options, explanation } = parsed.data;
  return { text: question, options, answer: parsed.data.answer, explanation: explanation || null };
}

const csvRows = (text: string): RawRow[] | ImportRowProblem => {
  const records = parseCsv(text);
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  if (header.join(",") !== QUIZ_CSV_HEADER.join(","))
    return { row: 1, reason: `The header must be: ${QUIZ_CSV_HEADER.join(",")}` };
  const rows: RawRow[] = [];
  records.forEach((fields, index) => {
    if (index === 0 || fields.every((f) => f.trim() === "")) return;
    const cells = [...fields, ...Array<string>(QUIZ_CSV_HEADER.length).fill("")];
    const options = cells.slice(1, 1 + MAX_OPTIONS);
    const last = options.findLastIndex((o) => o.trim() !== "");
    const extra = fields.slice(QUIZ_CSV_HEADER.length).some((f) => f.trim() !== "");
    rows.push({
      row: index + 1,
      question: cells[0],
      options: options.slice(0, last + 1),
      answer: cells[1 + MAX_OPTIONS],
      explanation: cells[2 + MAX_OPTIONS]?.trim() ? cells[2 + MAX_OPTIONS] : null,
      ...(extra
        ? {
            problem: `The row has ${fields.length} fields, the header ${QUIZ_CSV_HEADER.length}: more than ${MAX_OPTIONS} options? A question has ${MIN_OPTIONS} to ${MAX_OPTIONS}.`,
          }
        : {}),
    });
  });
  return rows;
};

const jsonRows = (text: string): RawRow[] | string => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "The file is not valid JSON.";
  }
  if (!Array.isArray(value))
    return "A JSON file holds an array of { question, options, answer, explanation }.";
  return value.map((item: unknown, index) => {
    const isObject = typeof item === "object" && item !== null && !Array.isArray(item);
    const o = (isObject ? item : {}) as Record<string, unknown>;
    return {
      row: index + 1,
      question: o.question,
      options: o.options,
      answer: o.answer,
      explanation: o.explanation,
      ...(isObject
        ? {}
        : { problem: "Not a question: each item is { question, options, answer, explanation }." }),
    };
  });
};

const isJson = (fileName: string, text: string) => /\.json$/i.test(fileName) || /^\s*[[{]/.test(text);

/** Checks every row, then the file as a whole (no repeated question, enough questions for a round). */
function checkRows(rows: readonly RawRow[]): QuizFileReading {
  const problems: ImportRowProblem[] = [];
  const questions: ImportedQuestion[] = [];
  const firstRow = new Map<string, number>();
  for (const raw of rows) {
    const checked = checkRow(raw);
    if (typeof checked === "string") {
      problems.push({ row: raw.row, reason: checked });
      continue;
    }
    const key = checked.text.toLowerCase();
    const earlier = firstRow.get(key);
    if (earlier !== undefined)
      problems.push({ row: raw.row, reason: `The same question as row ${earlier}.` });
    else firstRow.set(key, raw.row);
    questions.push(checked);
  }
  if (problems.length > 0)
    return {
      ok: false,
      message: `${problems.length} row${problems.length === 1 ? "" : "s"} of the file ${problems.length === 1 ? "is" : "are"} not right; nothing was imported.`,
      rows: problems.slice(0, MAX_REPORTED_ROWS),
    };
  if (questions.length < MIN_IMPORT_QUESTIONS)
    return {
      ok: false,
      message: `A quiz needs at least ${MIN_IMPORT_QUESTIONS} questions (a round draws ${QUESTIONS_PER_QUIZ}); the file has ${questions.length}.`,
      rows: [],
    };
  return { ok: true, questions };
}

/** Reads an uploaded file's text: CSV (by its header) or JSON (by its name or its first character). */
export function readQuizFile(fileName: string, text: string): QuizFileReading {
  const notAFile = (reason: string, rows: ImportRowProblem[] = []): QuizFileReading => ({
    ok: false,
    message: `${reason} Import a CSV file with the header ${QUIZ_CSV_HEADER.join(",")} or a JSON array of questions.`,
    rows,
  });
  if (isJson(fileName, text)) {
    const rows = jsonRows(text);
    return typeof rows === "string" ? notAFile(rows) : checkRows(rows);
  }
  const rows = csvRows(text);
  return Array.isArray(rows) ? checkRows(rows) : notAFile("The file is not a CSV of questions.", [rows]);
}

/** A quiz's questions as a file an import reads back to the same questions. */
export function writeQuizFile(questions: readonly ImportedQuestion[], format: QuizExportFormat): string {
  if (format === "json")
    return `${JSON.stringify(
      questions.map((q) => ({
        question: q.text,
        options: q.options,
        answer: q.answer,
        ...(q.explanation ? { explanation: q.explanation } : {}),
      })),
      null,
      2,
    )}\n`;
  return toCsv([
    [...QUIZ_CSV_HEADER],
    ...questions.map((q) => [
      q.text,
      ...Array.from({ length: MAX_OPTIONS }, (_, i) => q.options[i] ?? ""),
      q.answer,
      q.explanation ?? "",
    ]),
  ]);
}
