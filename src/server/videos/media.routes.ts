import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { Context } from "hono";
import type { AppDeps } from "../app-deps";
import { AppError } from "../errors";
import { createRouter } from "../http/router";
import { UPLOAD_FILE_NAME, uploadsDir } from "./video-files";

/**
 * GET/HEAD /media/videos/:file — our own video files and captions from MEDIA_DIR/videos — and
 * GET/HEAD /media/uploads/:file — the console's uploads from DATA_DIR/videos (video-files.ts) — with HTTP range
 * requests (206 Partial Content, so players can seek and browsers can stream), Accept-Ranges, the right
 * Content-Type and a day of caching. Only plain file names of known types are served.
 */
const contentTypes: Record<string, string> = {
  ".webm": "video/webm",
  ".mp4": "video/mp4",
  ".vtt": "text/vtt; charset=utf-8",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
};

const FILE_NAME = /^[a-z0-9-]{1,64}\.(webm|mp4|vtt)$/;

/** The byte range a single-range `Range` header asks for; null when absent, "unsatisfiable" when bad. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // Multiple or unknown ranges: answer the whole file, as RFC 9110 allows.
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return "unsatisfiable";
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/** Answers GET/HEAD of one file with its type, ETag, a day of caching and single byte ranges. */
async function serveFile(c: Context, full: string) {
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) throw new AppError("NOT_FOUND");
  const size = info.size;
  const etag = `"${size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    "Content-Type": contentTypes[path.extname(full)] ?? "application/octet-stream",
    "Accept-Ranges": "bytes",
    "Cache-Control": "public, max-age=86400",
    ETag: etag,
    "Last-Modified": info.mtime.toUTCString(),
  };
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
  const ifRange = c.req.header("if-range");
  const range = ifRange && ifRange !== etag ? null : parseRange(c.req.header("range"), size);
  if (range === "unsatisfiable") return c.body(null, 416, { ...headers, "Content-Range": `bytes */${size}` });
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : end - start + 1;
  const status = range ? 206 : 200;
  if (range) headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
  headers["Content-Length"] = String(length);
  if (c.req.method === "HEAD" || length === 0) return c.body(null, status, headers);
  const stream = Readable.toWeb(createReadStream(full, { start, end })) as ReadableStream<Uint8Array>;
  return c.body(stream, status, headers);
}

export const createMediaRoutes = (deps: AppDeps) => {
  const root = path.resolve(deps.env.mediaDir, "videos");
  const uploads = uploadsDir(deps.env.dataDir);
  return createRouter()
    .on(["GET", "HEAD"], "/videos/:file", async (c) => {
      const file = c.req.param("file");
      if (!FILE_NAME.test(file)) throw new AppError("NOT_FOUND");
      return serveFile(c, path.join(root, file));
    })
    .on(["GET", "HEAD"], "/uploads/:file", async (c) => {
      const file = c.req.param("file");
      if (!UPLOAD_FILE_NAME.test(file)) throw new AppError("NOT_FOUND");
      return serveFile(c, path.join(uploads, file));
    });
};
