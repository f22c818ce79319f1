import { pino } from "pino";
import type { Env } from "./env";

export type Logger = pino.Logger;

export function createLogger(env: Pick<Env, "logLevel">): Logger {
  return pino({ level: env.logLevel, base: undefined });
}
