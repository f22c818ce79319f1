import { Hono } from "hono";

export interface AppVariables {
  requestId: string;
}

export type AppBindings = { Variables: AppVariables };

/** Every sub-router is made here so they share one Env type. */
export const createRouter = () => new Hono<AppBindings>();
