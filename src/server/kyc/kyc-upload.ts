import { fileTypeFromBuffer } from "file-type";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { formatMegabytes, isKycDocumentType, type KycDocumentType } from "~/core/kyc";
import { AppError } from "../errors";

/** Room for the multipart framing and the text fields on top of the largest document. */
export const KYC_MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = (maxBytes: number) =>
  new AppError("KYC_FILE_TOO_LARGE", `The document is too large: at most ${formatMegabytes(maxBytes)}.`);

/**
 * The upload route's own body limit (the rest of /api allows 64 KB): a declared Content-Length over it is
 * refused before anything is read, and a body without one is cut off while it streams in, so an oversized
 * upload is never buffered.
 */
export const kycUploadLimit = (maxBytes: number): MiddlewareHandler => {
  const limit = bodyLimit({
    maxSize: maxBytes + KYC_MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw tooLarge(maxBytes);
    },
  });
  // Only a multipart body skips the API's 64 KB limit and JSON guard (app.ts); any other body was limited and
  // read there already, and is refused by the form's validation.
  return (c, next) => (isMultipart(c.req.header("content-type")) ? limit(c, next) : next());
};

/** Whether a Content-Type header declares a multipart form. */
export const isMultipart = (contentType: string | undefined) =>
  /^multipart\/form-data\s*(;|$)/i.test(contentType ?? "");

/**
 * The uploaded file's bytes and type, the type decided by its content (magic bytes, the `file-type` library),
 * never by its name or declared type: JPEG, PNG, WebP or PDF. 422 KYC_FILE_EMPTY, 413 KYC_FILE_TOO_LARGE,
 * 415 KYC_FILE_TYPE.
 */
export async function readKycDocument(
  file: File,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; type: KycDocumentType }> {
  if (file.size === 0) throw new AppError("KYC_FILE_EMPTY");
  if (file.size > maxBytes) throw tooLarge(maxBytes);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isKycDocumentType(detected.mime)) throw new AppError("KYC_FILE_TYPE");
  return { bytes, type: detected.mime };
}
