import { type JsonSchema, ODD_STRINGS, type Rng, sample } from "./fuzz-values";
import { exeFile, htmlFile, pdfFile, pngFile, svgFile } from "./kyc-files";

/** Multipart bodies for the API fuzzer (fuzz-requests.ts): the KYC upload's form, plausible or damaged. */

const FILES: readonly (() => Blob)[] = [
  () => new Blob([pngFile()], { type: "image/png" }),
  () => new Blob([pdfFile()], { type: "application/pdf" }),
  () => new Blob([htmlFile()], { type: "image/png" }),
  () => new Blob([svgFile()], { type: "image/svg+xml" }),
  () => new Blob([exeFile()], { type: "application/octet-stream" }),
  () => new Blob([], { type: "image/png" }),
  () => new Blob([pngFile().subarray(0, 10)], { type: "image/png" }),
  () => new Blob([new Uint8Array(300).fill(0xff)]),
];

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
