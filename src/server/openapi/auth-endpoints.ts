import { freshSessionMiddleware, sensitiveSessionMiddleware, sessionMiddleware } from "better-auth/api";
import { z } from "zod";
import type { Auth } from "../auth/auth";

/** One better-auth endpoint as the OpenAPI document needs it, with the zod schemas better-auth validates with. */
export interface AuthEndpoint {
  /** Relative to better-auth's base path (/api/auth), e.g. `/reset-password/:token`. */
  path: string;
  methods: string[];
  body: z.ZodType | undefined;
  query: z.ZodType | undefined;
  /** better-auth answers 401 without a session. */
  needsSession: boolean;
  description: string | undefined;
}

const sessionGuards = new Set<unknown>([
  sessionMiddleware,
  sensitiveSessionMiddleware,
  freshSessionMiddleware,
]);

const endpointShape = z.object({
  path: z.string(),
  options: z.object({
    method: z.union([z.string(), z.array(z.string())]),
    body: z.instanceof(z.ZodType).optional(),
    query: z.instanceof(z.ZodType).optional(),
    use: z.array(z.unknown()).optional(),
    metadata: z
      .object({
        SERVER_ONLY: z.boolean().optional(),
        openapi: z.object({ description: z.string().optional() }).optional(),
      })
      .optional(),
  }),
});

/**
 * The endpoints better-auth serves over HTTP (its `auth.api`, less the server-only and disabled ones), read off the
 * endpoint objects themselves — the same walk better-auth's own openAPI plugin does.
 */
export function authEndpoints(auth: Auth): AuthEndpoint[] {
  const disabled = new Set(auth.options.disabledPaths ?? []);
  return Object.values(auth.api).flatMap((endpoint) => {
    const parsed = endpointShape.safeParse({ path: endpoint.path, options: endpoint.options });
    if (!parsed.success || parsed.data.options.metadata?.SERVER_ONLY) return [];
    // Paths turned off in the auth options answer 404: not part of the API.
    if (disabled.has(parsed.data.path)) return [];
    const { path, options } = parsed.data;
    return [
      {
        path,
        methods: [options.method].flat(),
        body: options.body,
        query: options.query,
        needsSession: (options.use ?? []).some((m) => sessionGuards.has(m)),
        description: options.metadata?.openapi?.description,
      },
    ];
  });
}
