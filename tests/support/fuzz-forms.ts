import { QUIZ_CSV_HEADER } from "~/core/api/quiz-import";
import { type JsonSchema, ODD_STRINGS, type Rng, sample } from "./fuzz-values";
import { exeFile, htmlFile, pdfFile, pngFile, svgFile } from "./kyc-files";
import { captionsVtt, tinyMp4 } from "./video-files";

/** Multipart bodies for the API fuzzer (fuzz-requests.ts): the KYC and video uploads' forms, plausible or damaged. */

const FILES: readonly (() => Blob)[] = [
  () => new Blob([pngFile()], { type: "image/png" }),
  () => new Blob([pdfFile()], { type: "application/pdf" }),
  () => new Blob([htmlFile()], { type: "image/png" }),
  () => new Blob([svgFile()], { type: "image/svg+xml" }),
  () => new Blob([exeFile()], { type: "application/octet-stream" }),
  () => new Blob([], { type: "image/png" }),
  () => new Blob([pngFile().subarray(0, 10)], { type: "image/png" }),
  () => new Blob([new Uint8Array(300).fill(0xff)]),
  // The console's video upload: a valid MP4, a truncated one, one that states no duration, and captions.
  () => new Blob([tinyMp4(3)], { type: "video/mp4" }),
  () => new Blob([tinyMp4(3).slice(0, 200)], { type: "video/mp4" }),
  () => new Blob([tinyMp4(0)], { type: "video/mp4" }),
  () => new Blob([captionsVtt()], { type: "text/vtt" }),
  // The console's quiz import: a valid CSV and JSON of ten questions, a CSV with a bad row, a wrong header.
  () => new Blob([quizCsv(10)], { type: "text/csv" }),
  () => new Blob([quizJson(10)], { type: "application/json" }),
  () => new Blob([`${quizCsv(10)}"Bad row?",A,B,,,,,C,\r\n`], { type: "text/csv" }),
  () => new Blob(["q,a,b\nx,y,z\n"], { type: "text/csv" }),
];

/** A quiz file of `count` questions as the import reads it (src/core/api/quiz-import.ts). */
const quizCsv = (count: number) =>
  `${QUIZ_CSV_HEADER.join(",")}\r\n${Array.from({ length: count }, (_, i) => `Fuzz question ${i}?,Yes,No,,,,,Yes,\r\n`).join("")}`;
const quizJson = (count: number) =>
  JSON.stringify(
    Array.from({ length: count }, (_, i) => ({
      question: `Fuzz ${i}?`,
      options: ["Yes", "No"],
      answer: "No",
    })),
  );

const isFileField = (schema: unknown) =>
  typeof schema === "object" && schema !== null && (schema as JsonSchema).format === "binary";

/** A multipart body for `schema`: every field sampled (files from FILES), or damaged in one way. */
export function formOf(schema: JsonSchema, rng: Rng, known: readonly string[], damage: boolean) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const form = new FormData();
  const names = Object.keys(properties);
  const victim = damage ? rng.pick(names) : undefined;
  const how = rng.pick(["drop", "odd", "swap", "twice"]);
  for (const name of names) {
    const file = isFileField(properties[name]);
    const value = () => (file ? rng.pick(FILES)() : String(sample(properties[name] ?? {}, rng, known)));
    if (name !== victim) {
      form.append(name, value());
      continue;
    }
    if (how === "odd") form.append(name, rng.pick(ODD_STRINGS));
    if (how === "swap") form.append(name, file ? rng.pick(ODD_STRINGS) : rng.pick(FILES)());
    if (how === "twice") {
      form.append(name, value());
      form.append(name, value());
    }
  }
  return { form, what: victim ? `form ${how} ${victim}` : "form" };
}
