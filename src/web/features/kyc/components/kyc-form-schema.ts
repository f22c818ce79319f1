import { z } from "zod";
import { kycFieldsSchema } from "~/core/api/kyc";
import { formatMegabytes } from "~/core/kyc";

export const CHOOSE_FILE = "Please choose a photo or scan of your identity document.";

/** What the form can tell before sending: the trimmed fields (src/core/api/kyc.ts), and a file of an accepted size. */
export function kycFormSchema(maxUploadBytes: number) {
  return kycFieldsSchema.extend({
    documentUpload: z.custom<FileList | undefined>().transform((files, ctx) => {
      const upload = files?.[0];
      const problem =
        !upload || upload.name === ""
          ? CHOOSE_FILE
          : upload.size === 0
            ? "The chosen file is empty."
            : upload.size > maxUploadBytes
              ? `The document is too large: at most ${formatMegabytes(maxUploadBytes)}.`
              : null;
      if (problem || !upload) {
        ctx.addIssue({ code: "custom", message: problem ?? CHOOSE_FILE });
        return z.NEVER;
      }
      return upload;
    }),
  });
}
