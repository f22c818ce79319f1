import { describe, expect, it } from "vitest";
import { CHOOSE_FILE, kycFormSchema } from "./kyc-form-schema";

const MB = 1024 * 1024;
/** A FileList as the file input gives it: indexable, with a length. */
const files = (...list: File[]) => Object.assign([...list], { item: (i: number) => list[i] ?? null });
const check = (documentUpload: unknown, fields = { fullName: " Jane Doe ", documentId: " X123 " }) =>
  kycFormSchema(5 * MB).safeParse({ ...fields, documentUpload });

describe("the KYC form's check before sending", () => {
  it("sends the trimmed fields and the chosen file", () => {
    const doc = new File(["%PDF-1.4"], "id.pdf", { type: "application/pdf" });
    const result = check(files(doc));
    expect(result.success && result.data).toEqual({
      fullName: "Jane Doe",
      documentId: "X123",
      documentUpload: doc,
    });
  });

  it("names every problem under its field: the fields' own texts and the file's", () => {
    const result = check(files(), { fullName: "  ", documentId: "" });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["fullName", "Please enter your full name."],
      ["documentId", "Please enter your document ID."],
      ["documentUpload", CHOOSE_FILE],
    ]);
  });

  it("refuses an empty file and one over the upload limit", () => {
    const message = (upload: File) => {
      const result = check(files(upload));
      return result.success ? null : result.error.issues[0]?.message;
    };
    expect(message(new File([], "empty.png"))).toBe("The chosen file is empty.");
    expect(message(new File([new Uint8Array(5 * MB + 1)], "big.png"))).toBe(
      "The document is too large: at most 5 MB.",
    );
    expect(check(undefined).success).toBe(false);
  });
});
