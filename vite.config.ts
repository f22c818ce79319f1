import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const apiTarget = `http://localhost:${process.env.API_PORT ?? "3000"}`;

/**
 * React Router's production build sets `X.displayName = "X"` at the top level of its modules. Those writes
 * count as side effects, so ~1.7 KB gzip of unused data-router code (Form, fetchers, contexts) stays in the
 * entry. Dropping them only affects React DevTools names (docs/decisions/003-web-bundle-budget.md).
 */
function stripReactRouterDisplayNames(): Plugin {
  return {
    name: "strip-react-router-display-names",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
      const stripped = code.replace(/^\s*[\w.]+\.displayName = "[^"]*";$/gm, "");
      // Its top-level components and contexts (`const Link = React$1.forwardRef(…)`) are calls the bundler must
      // keep unless marked pure: marked, an unused `<Link>` goes with its prefetch code (src/web/components/ui/app-link.tsx).
      return {
        code: stripped.replace(
          /^(const \w+ = )(React\$1\.(?:forwardRef|createContext|memo)\()/gm,
          "$1/* @__PURE__ */ $2",
        ),
        map: null,
      };
    },
  };
}

/**
 * Writes `x.br` and `x.gz` beside every text asset of the build, which the server sends to clients that accept
 * them (src/server/http/spa.ts, `precompressed`): best compression once at build time, none per request.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: "precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = Object.values(bundle).filter(
        (f) => f.fileName.startsWith("assets/") && /\.(js|css|svg|json)$/.test(f.fileName),
      );
      await Promise.all(
        files.map(async (file) => {
          const data = Buffer.from(file.type === "chunk" ? file.code : file.source);
          if (data.length < 1024) return;
          const target = path.resolve(outDir, file.fileName);
          const params = { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length };
          await writeFile(`${target}.br`, await brotli(data, { params }));
          await writeFile(`${target}.gz`, await gz(data, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, "src/web"),
  plugins: [react(), tailwindcss(), stripReactRouterDisplayNames(), precompressAssets()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "src") } },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/web"),
    emptyOutDir: true,
    sourcemap: false,
    // Every browser we support handles <link rel="modulepreload"> natively: no polyfill in the entry chunk
    // (docs/decisions/003-web-bundle-budget.md).
    modulePreload: {
      polyfill: false,
      // The entry's own lazy imports (the Toaster, logout, the home and 404 pages, page-loaders) fetch their
      // chunks' imports once they load, instead of the entry carrying a list of them for "/". So do the pages
      // of page-loaders: the browser's module loader fetches a page's imports as each module arrives, in short
      // tasks, where a preload list would add ~25 <link>s in one long task after the first paint
      // (docs/decisions/044-short-main-thread-tasks.md).
      resolveDependencies: (_url, deps, { hostId }) =>
        /^assets\/(index|page-loaders)-[^/]*\.js$/.test(hostId) ? [] : deps,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React Router and the notice and fetch helpers, which the entry and most pages import: one shared
          // chunk instead of several small ones (less gzip and module overhead on "/").
          groups: [
            {
              name: "shell",
              test: /node_modules[\\/]react(-router)?[\\/]|src[\\/]web[\\/]lib[\\/](notify|api-client)\.ts/,
            },
            {
              // TanStack Query (never on "/"): one chunk instead of ~7 small ones. Each file a page loads costs
              // a main-thread task of its own after the first paint (docs/decisions/044-short-main-thread-tasks.md).
              name: "query-client",
              test: /node_modules[\\/]@tanstack[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { "/api": apiTarget, "/dev": apiTarget } },
});
