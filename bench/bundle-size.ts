import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The lazy modules (paths relative to `src/web`, as in Vite's manifest) each route loads on a first visit,
 * on top of the entry. Keep in step with `src/web/app/router.tsx`; `measureRoutes` throws on a page chunk that
 * no route claims.
 */
export const routeModules: Record<string, readonly string[]> = {
  "/": ["routes/home.tsx"],
  // A signed-in player's "/" is the dashboard, a chunk of its own.
  "/ (signed in)": ["routes/dashboard.tsx"],
  "/auth": ["app/query-layout.tsx", "routes/auth.tsx"],
  "/games": ["app/query-layout.tsx", "routes/games.tsx"],
  "/games/tic-tac-toe": ["app/query-layout.tsx", "routes/tic-tac-toe.tsx"],
  "/quizzes": ["app/query-layout.tsx", "routes/quizzes.tsx"],
  "/videos": ["app/query-layout.tsx", "routes/videos.tsx"],
  "/wallet": ["app/query-layout.tsx", "routes/wallet.tsx"],
  // The signed-in part of /wallet is a chunk of its own, loaded only when there is a user.
  "/wallet (signed in)": ["app/query-layout.tsx", "routes/wallet.tsx", "routes/wallet/account.tsx"],
  "/admin": ["app/query-layout.tsx", "routes/admin.tsx", "routes/admin/overview.tsx"],
  "/admin/users": ["app/query-layout.tsx", "routes/admin.tsx", "routes/admin/users.tsx"],
  "/admin/users/:userId": ["app/query-layout.tsx", "routes/admin.tsx", "routes/admin/user.tsx"],
  "/admin/audit": ["app/query-layout.tsx", "routes/admin.tsx", "routes/admin/audit.tsx"],
  "/admin/redemptions": ["app/query-layout.tsx", "routes/admin.tsx", "routes/admin/redemptions.tsx"],
  "/admin/kyc": ["app/query-layout.tsx", "routes/admin.tsx", "routes/admin/kyc.tsx"],
  "/admin/referrals": ["app/query-layout.tsx", "routes/admin.tsx", "routes/admin/referrals.tsx"],
  "/admin/proposals": ["app/query-layout.tsx", "routes/admin.tsx", "routes/admin/proposals.tsx"],
  "/admin/content": ["app/query-layout.tsx", "routes/admin.tsx", "routes/admin/content.tsx"],
  "/admin/partners": ["app/query-layout.tsx", "routes/admin.tsx", "routes/admin/partners.tsx"],
  "/admin/content/quizzes/:quizId/preview": [
    "app/query-layout.tsx",
    "routes/admin.tsx",
    "routes/admin/content-preview.tsx",
  ],
  "/kyc": ["app/query-layout.tsx", "routes/kyc.tsx"],
  "/referral": ["app/query-layout.tsx", "routes/referral.tsx"],
  "/offers": ["app/query-layout.tsx", "routes/offers.tsx"],
  "/update-password": ["app/query-layout.tsx", "routes/update-password.tsx"],
  "/account": ["app/query-layout.tsx", "routes/account.tsx"],
  "/terms": ["routes/legal.tsx"],
  "/privacy": ["routes/legal.tsx"],
  "(404)": ["routes/not-found.tsx"],
};

/** One chunk of Vite's `.vite/manifest.json`. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  route: string;
  jsFiles: string[];
  cssFiles: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

/** Vite's manifest, which scripts/build.mjs moves beside the served folder (`dist/web-manifest.json`). */
export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, "..", "web-manifest.json"), "utf8")) as Manifest;
}

function chunkOf(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk "${key}".`);
  return chunk;
}

/** Adds the chunk and everything it imports statically (what the browser must fetch before it runs). */
function collect(manifest: Manifest, key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of chunkOf(manifest, key).imports ?? []) collect(manifest, imported, seen);
}

function gzipBytes(outDir: string, file: string, cache: Map<string, number>): number {
  let size = cache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(outDir, file))).length;
    cache.set(file, size);
  }
  return size;
}

/**
 * First-load JS and CSS per route, gzip bytes: the entry chunk and its static imports, plus each of the route's
 * lazy chunks and their static imports. Chunks fetched later (idle prefetch, on demand) are not counted.
 */
export function measureRoutes(
  outDir: string,
  {
    manifest = readManifest(outDir),
    routes = routeModules,
  }: { manifest?: Manifest; routes?: typeof routeModules } = {},
): RouteSize[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error("The build manifest has no entry chunk.");

  const claimed = new Set(Object.values(routes).flat());
  const unclaimed = Object.keys(manifest).filter((key) => key.startsWith("routes/") && !claimed.has(key));
  if (unclaimed.length > 0)
    throw new Error(`No route in bench/bundle-size.ts claims ${unclaimed.join(", ")}.`);

  const cache = new Map<string, number>();
  return Object.entries(routes).map(([route, modules]) => {
    const keys = new Set<string>();
    collect(manifest, entryKey, keys);
    for (const module of modules) collect(manifest, module, keys);
    const jsFiles = [...keys].map((key) => chunkOf(manifest, key).file);
    const cssFiles = [...new Set([...keys].flatMap((key) => chunkOf(manifest, key).css ?? []))];
    const sum = (files: string[]) => files.reduce((total, file) => total + gzipBytes(outDir, file, cache), 0);
    return { route, jsFiles, cssFiles, jsGzipBytes: sum(jsFiles), cssGzipBytes: sum(cssFiles) };
  });
}
