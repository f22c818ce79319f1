/**
 * After a deploy, a page still running the old build asks for chunks that no longer exist (the server answers
 * 404). Reloading fetches the new build; doing it at most once a minute keeps a chunk that is really broken from
 * reloading forever — then the page shows its error instead.
 */
const KEY = "ple:reloaded-for-new-build-at";
const MIN_INTERVAL_MS = 60_000;

/** Messages browsers give a failed dynamic import or module preload (Chromium, Firefox, Safari, Vite). */
const CHUNK_LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to load module script/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/** Reloads the page unless it already did so in the last minute; true when a reload is under way. */
export function reloadOnceForNewBuild(): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < MIN_INTERVAL_MS) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Vite's event for a chunk (or its CSS) that failed to preload: reload instead of failing the import. */
export function reloadOnFailedPreload(): void {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadOnceForNewBuild()) event.preventDefault();
  });
}
