/**
 * `npm run dev`: the API server in watch mode (restarts on change) on API_PORT (default 3000) and Vite with HMR
 * on :5173, which proxies /api and /dev to it. E-mailed links point at Vite (APP_URL=http://localhost:5173).
 */
import { type ChildProcess, spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3000";
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  child.on("exit", (code) => {
    for (const other of children) if (other !== child) other.kill("SIGTERM");
    process.exit(code ?? 0);
  });
  children.push(child);
}

const viteOrigin = "http://localhost:5173";
run(process.execPath, ["--import", "tsx", "--watch", "src/server/main.ts"], {
  PORT: apiPort,
  APP_URL: process.env.APP_URL ?? viteOrigin,
  // The only place the Vite origin becomes trusted (CSRF check, better-auth callbackURLs); never under npm start.
  DEV_ORIGIN: viteOrigin,
});
run(process.execPath, ["node_modules/vite/bin/vite.js"], { API_PORT: apiPort });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill("SIGTERM");
  });
}
