import { fileTypeFromBuffer } from "file-type";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { parseBuffer } from "music-metadata";
import { POSTER_TYPES, VIDEO_UPLOAD_TYPES } from "~/core/api/content-videos";
import { formatMegabytes } from "~/core/kyc";
import { AppError } from "../errors";
import { isMultipart } from "../kyc/kyc-upload";

/**
 * What the console's video upload accepts (docs/product.md, "Content operations"). Everything is decided from
 * the bytes, never from a name or a declared type: the video is MP4 or WebM (`file-type`), and its duration is
 * read from the file (`music-metadata`, which also refuses a file whose boxes or elements run past its end).
 * Every refusal is a 422 with its own message, before anything is stored.
 */

export const POSTER_MAX_BYTES = 2 * 1024 * 1024;
export const CAPTIONS_MAX_BYTES = 512 * 1024;
/** Room for the multipart framing and the text fields on top of the files. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = (maxBytes: number) =>
  new AppError("VIDEO_FILE_TOO_LARGE", `The video file is too large: at most ${formatMegabytes(maxBytes)}.`);

/** The upload route's own body limit: the largest video, a poster and captions; a larger body is never read. */
export const videoUploadLimit = (maxBytes: number): MiddlewareHandler => {
  const limit = bodyLimit({
    maxSize: maxBytes + POSTER_MAX_BYTES + CAPTIONS_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw tooLarge(maxBytes);
    },
  });
  return (c, next) => (isMultipart(c.req.header("content-type")) ? limit(c, next) : next());
};

export interface ProbedVideo {
  bytes: Uint8Array;
  type: (typeof VIDEO_UPLOAD_TYPES)[number];
  extension: "mp4" | "webm";
  /** Whole seconds, rounded up: a watch pays only after all of it. */
  durationSeconds: number;
}

const isVideoType = (mime: string): mime is ProbedVideo["type"] =>
  (VIDEO_UPLOAD_TYPES as readonly string[]).includes(mime);

/** The duration in seconds the file states (its movie header or segment info, else its longest track). */
async function durationOf(bytes: Uint8Array, mimeType: string): Promise<number | null> {
  try {
    const { format } = await parseBuffer(bytes, { mimeType, size: bytes.length }, { duration: true });
    const tracks = format.trackInfo.map((t) => t.duration ?? 0);
    const seconds = format.duration ?? Math.max(0, ...tracks);
    return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}

/** The uploaded video, its type and its duration: 422 VIDEO_FILE_TOO_LARGE, VIDEO_FILE_TYPE or VIDEO_FILE_DAMAGED. */
export async function probeVideo(file: File, maxBytes: number): Promise<ProbedVideo> {
  if (file.size > maxBytes) throw tooLarge(maxBytes);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  if (!detected || !isVideoType(detected.mime)) throw new AppError("VIDEO_FILE_TYPE");
  const seconds = await durationOf(bytes, detected.mime);
  if (seconds === null) throw new AppError("VIDEO_FILE_DAMAGED");
  return {
    bytes,
    type: detected.mime,
    extension: detected.mime === "video/mp4" ? "mp4" : "webm",
    durationSeconds: Math.max(1, Math.ceil(seconds)),
  };
}

/** An optional poster: a JPEG, PNG or WebP image of at most POSTER_MAX_BYTES (422 VIDEO_POSTER_TYPE). */
export async function probePoster(file: File): Promise<{ bytes: Uint8Array; extension: string }> {
  if (file.size > POSTER_MAX_BYTES)
    throw new AppError(
      "VIDEO_POSTER_TYPE",
      `The poster is too large: at most ${formatMegabytes(POSTER_MAX_BYTES)}.`,
    );
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(POSTER_TYPES as readonly string[]).includes(detected.mime))
    throw new AppError("VIDEO_POSTER_TYPE");
  return { bytes, extension: detected.ext === "jpg" ? "jpg" : detected.ext };
}

/** Optional captions: a UTF-8 WebVTT file (first line WEBVTT) of at most CAPTIONS_MAX_BYTES (422 VIDEO_CAPTIONS_TYPE). */
export async function probeCaptions(file: File): Promise<Uint8Array> {
  if (file.size > CAPTIONS_MAX_BYTES)
    throw new AppError(
      "VIDEO_CAPTIONS_TYPE",
      `Captions are too large: at most ${formatMegabytes(CAPTIONS_MAX_BYTES)}.`,
    );
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("VIDEO_CAPTIONS_TYPE");
  }
  if (!/^\uFEFF?WEBVTT(?:[ \t][^\r\n]*)?(?:\r?\n|$)/.test(text)) throw new AppError("VIDEO_CAPTIONS_TYPE");
  return bytes;
}
