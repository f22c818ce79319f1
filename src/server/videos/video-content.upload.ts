import type { ContentVideo, VideoUploadForm } from "~/core/api/content-videos";
import type { AppDeps } from "../app-deps";
import type { Actor } from "../audit/audit.service";
import { getContentVideo, insertVideo, newVideoId } from "./video-content.service";
import { removeUploads, storeUploads, type UploadFile } from "./video-files";
import { probeCaptions, probePoster, probeVideo } from "./video-upload";

/**
 * An upload, whole or not at all: every file is checked from its bytes first (a refusal stores nothing), then
 * the files are written under DATA_DIR/videos, then the row and its audit row in one transaction; if that fails
 * the files are removed again.
 */
export async function uploadVideo(
  deps: Pick<AppDeps, "db" | "env">,
  actor: Actor,
  form: VideoUploadForm,
): Promise<ContentVideo> {
  const video = await probeVideo(form.file, deps.env.videoMaxUploadBytes);
  const poster = form.poster ? await probePoster(form.poster) : null;
  const captions = form.captions ? await probeCaptions(form.captions) : null;
  const id = newVideoId(form.title);
  const files: UploadFile[] = [{ name: `${id}.${video.extension}`, bytes: video.bytes }];
  if (captions) files.push({ name: `${id}.vtt`, bytes: captions });
  if (poster) files.push({ name: `${id}-poster.${poster.extension}`, bytes: poster.bytes });
  const [sourceUrl = "", ...rest] = await storeUploads(deps.env.dataDir, files);
  const captionsUrl = captions ? (rest.shift() ?? null) : null;
  const posterUrl = poster ? (rest.shift() ?? null) : null;
  try {
    await insertVideo(deps.db, actor, {
      id,
      title: form.title,
      description: form.description,
      durationSeconds: video.durationSeconds,
      sourceUrl,
      sourceType: video.type,
      captionsUrl,
      posterUrl,
      reward: form.reward,
      watchesPerDay: form.watchesPerDay ?? null,
      position: form.position ?? null,
      publishAt: form.publishAt ? new Date(form.publishAt).toISOString() : null,
      retireAt: form.retireAt ? new Date(form.retireAt).toISOString() : null,
    });
  } catch (error) {
    await removeUploads(
      deps.env.dataDir,
      files.map((f) => f.name),
    );
    throw error;
  }
  return getContentVideo(deps.db, id);
}
