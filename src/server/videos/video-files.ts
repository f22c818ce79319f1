import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded videos, posters and captions live: DATA_DIR/videos, served under /media/uploads/… (media.routes.ts).
 * Several instances need this folder on a shared volume (README, "Running several instances"). A file is written
 * under a temporary name and renamed into place, so a reader never sees half of one.
 */

export const UPLOADS_URL = "/media/uploads";
export const UPLOAD_FILE_NAME = /^[a-z0-9-]{1,80}\.(webm|mp4|vtt|jpg|png|webp)$/;

export const uploadsDir = (dataDir: string) => path.resolve(dataDir, "videos");

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
}

/** Writes every file or none: on a failure the ones written are removed again. Answers their URLs. */
export async function storeUploads(dataDir: string, files: readonly UploadFile[]): Promise<string[]> {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  try {
    for (const file of files) {
      if (!UPLOAD_FILE_NAME.test(file.name)) throw new Error(`not an upload's file name: ${file.name}`);
      const full = path.join(dir, file.name);
      const temporary = `${full}.${randomBytes(6).toString("hex")}.part`;
      await writeFile(temporary, file.bytes, { flag: "wx" });
      await rename(temporary, full);
      written.push(file.name);
    }
  } catch (error) {
    await removeUploads(dataDir, written);
    throw error;
  }
  return written.map((name) => `${UPLOADS_URL}/${name}`);
}

/** Removes uploaded files by name (a failed upload's, whose row was never written). */
export async function removeUploads(dataDir: string, names: readonly string[]): Promise<void> {
  const dir = uploadsDir(dataDir);
  await Promise.all(names.map((name) => rm(path.join(dir, name), { force: true })));
}
