import { pino } from "pino";
import type { Env } from "./env";

export type Logger = pino.Logger;

/** JSON lines; with several worker processes each line carries its process id. */
export function createLogger(env: Pick<Env, "logLevel"> & Partial<Pick<Env, "webConcurrency">>): Logger {
  const clustered = (env.webConcurrency ?? 1) > 1;
  return pino({ level: env.logLevel, base: clustered ? { pid: process.pid } : undefined });
}
