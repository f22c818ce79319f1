import path from "node:path";
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
      return { code: code.replace(/^\s*[\w.]+\.displayName = "[^"]*";$/gm, ""), map: null };
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, "src/web"),
  plugins: [react(), tailwindcss(), stripReactRouterDisplayNames()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "src") } },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/web"),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: { port: 5173, proxy: { "/api": apiTarget, "/dev": apiTarget } },
});
