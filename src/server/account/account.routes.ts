import type { Context } from "hono";
import { deleteCookie } from "hono/cookie";
import { exportFileNames } from "~/core/account";
import {
  accountDeletedSchema,
  accountExportSchema,
  accountKycDocumentsSchema,
  accountSessionsSchema,
  deleteAccountSchema,
  kycSubmissionParams,
  passwordCheckSchema,
  sessionIdParams,
  sessionsEndedSchema,
} from "~/core/api/account";
import { kycDocumentTypes } from "~/core/kyc";
import type { AppDeps } from "../app-deps";
import { requireUser } from "../auth/require-user";
import { AppError } from "../errors";
import { clientIp } from "../http/client-ip";
import { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import type { AppBindings } from "../http/router";
import { createRouter } from "../http/router";
import { jsonBody, params } from "../http/validate";
import { readKycDocumentFile } from "../kyc/kyc.admin.service";
import { kycEncryptionKey } from "../kyc/kyc-key";
import { deleteAccount } from "./delete-account.service";
import { exportJson } from "./export.service";
import { streamOf } from "./export-stream";
import { exportLedgerCsv } from "./ledger-export";
import { checkPassword } from "./password-check";
import { endOtherSessions, endSession, listSessions } from "./sessions.service";

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** A file to save, never cached (it is the user's own data). */
const download = (type: string, name: string) => ({
  "Content-Type": type,
  "Content-Disposition": `attachment; filename="${name}"`,
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
});

/**
 * /api/account: the signed-in user's control over their own account (docs/product.md "Your account") — the
 * sessions, the data download, the KYC document behind a fresh password check, and deletion. Every route is the
 * caller's own: an id of another user's session or submission is a 404.
 */
export const createAccountRoutes = (deps: AppDeps) => {
  const { env, rateLimitStore: store } = deps;
  const ip = (c: Context<AppBindings>) => clientIp(c, env.trustProxy);
  const userOf = (c: Context<AppBindings>) => {
    const user = c.var.user;
    if (!user) throw new AppError("UNAUTHORIZED");
    return user;
  };
  /** Password checks share sign-in's limit and counters with verify-password and change-password (ADR 020). */
  const limitPasswordCheck = rateLimit(store, (c) => [
    { key: `password-check:ip:${ip(c)}`, limit: env.authRateLimit },
    { key: `password-check:user:${userOf(c).id}`, limit: env.authRateLimit },
  ]);
  /** A download reads the whole history: limited like a credential check, per client IP and per user. */
  const limitExport = rateLimit(store, (c) => [
    { key: `data-export:ip:${ip(c)}`, limit: env.authRateLimit },
    { key: `data-export:user:${userOf(c).id}`, limit: env.authRateLimit },
  ]);

  return createRouter()
    .use(requireUser(deps))
    .get(
      "/sessions",
      responds(
        { 200: accountSessionsSchema },
        {
          summary: "The user's signed-in sessions, with their devices; the request's own is marked",
          tag: "Account",
        },
      ),
      async (c) => c.json(await listSessions(deps, c.var.user!.id, c.req.raw.headers)),
    )
    .post(
      "/sessions/end-others",
      responds(
        { 200: sessionsEndedSchema },
        { summary: "End every session of the user but this one", tag: "Account" },
      ),
      async (c) => c.json(await endOtherSessions(deps, c.var.user!.id, c.req.raw.headers)),
    )
    .post(
      "/sessions/:id/end",
      responds(
        { 200: sessionsEndedSchema },
        {
          summary: "End one of the user's sessions",
          description: "Its next request is refused. Another user's session id → 404.",
          errors: ["NOT_FOUND"],
          tag: "Account",
        },
      ),
      params(sessionIdParams),
      async (c) => c.json(await endSession(deps, c.var.user!.id, c.req.valid("param").id)),
    )
    .get(
      "/export",
      responds(
        { 200: accountExportSchema },
        {
          summary: "Download my data (JSON)",
          description:
            "Everything the app holds about the user (profile, sessions, ledger, games, quizzes, videos, referrals, redemptions, KYC decisions, audit entries), streamed as one file to save.",
          tag: "Account",
        },
      ),
      limitExport,
      async (c) =>
        new Response(await streamOf(exportJson(deps.db, c.var.user!.id)), {
          headers: download("application/json; charset=utf-8", exportFileNames.json),
        }),
    )
    .get(
      "/export/ledger.csv",
      responds(
        {
          200: {
            description: "The whole coin ledger, oldest first, with the running balance, streamed",
            mediaType: "text/csv",
          },
        },
        { summary: "Download my coin ledger (CSV)", tag: "Account" },
      ),
      limitExport,
      async (c) =>
        new Response(await streamOf(exportLedgerCsv(deps.db, c.var.user!.id)), {
          headers: download("text/csv; charset=utf-8", exportFileNames.ledgerCsv),
        }),
    )
    .get(
      "/export/kyc-documents",
      responds(
        { 200: accountKycDocumentsSchema },
        { summary: "My KYC submissions whose document can be downloaded", tag: "Account" },
      ),
      async (c) => {
        const rows = await deps.db
          .selectFrom("kyc_submissions")
          .select(["id", "status", "document_type", "created_at", "document_deleted_at"])
          .where("user_id", "=", c.var.user!.id)
          .orderBy("created_at", "desc")
          .execute();
        return c.json({
          documents: rows.map((r) => ({
            id: r.id,
            status: r.status,
            documentType: r.document_type,
            submittedAt: new Date(r.created_at).toISOString(),
            available: r.document_deleted_at === null,
          })),
        });
      },
    )
    .post(
      "/export/kyc-documents/:id",
      responds(
        {
          200: {
            description: "The user's own KYC document, as the type its content was recognised as",
            mediaType: kycDocumentTypes,
          },
        },
        {
          summary: "Download my KYC document (asks for the password)",
          description: "Another user's submission → 404; a document deleted after retention → 410.",
          errors: ["NOT_FOUND", "INVALID_PASSWORD", "KYC_DOCUMENT_DELETED"],
          tag: "Account",
        },
      ),
      params(kycSubmissionParams),
      limitPasswordCheck,
      jsonBody(passwordCheckSchema),
      async (c) => {
        const user = c.var.user!;
        const { id } = c.req.valid("param");
        const own = await deps.db
          .selectFrom("kyc_submissions")
          .select("id")
          .where("id", "=", id)
          .where("user_id", "=", user.id)
          .executeTakeFirst();
        if (!own) throw new AppError("NOT_FOUND");
        await checkPassword(deps, deps.db, user.id, c.req.valid("json").password);
        const file = await readKycDocumentFile(deps.db, kycEncryptionKey(env, deps.logger), id);
        return c.body(new Uint8Array(file.bytes), 200, {
          ...download(file.type, `kyc-${id}.${EXTENSIONS[file.type] ?? "bin"}`),
          "Content-Security-Policy": "sandbox",
        });
      },
    )
    .post(
      "/delete",
      responds(
        { 200: accountDeletedSchema },
        {
          summary: "Delete my account",
          description:
            "Needs the password and the typed confirmation. Pending redemptions are cancelled first; while a payout is being sent → 409. The balance is forfeited; personal data is erased at once; the ledger stays with the user anonymised. A second submit answers the first one's result.",
          errors: ["INVALID_PASSWORD", "PAYOUT_IN_FLIGHT"],
          tag: "Account",
        },
      ),
      limitPasswordCheck,
      jsonBody(deleteAccountSchema),
      async (c) => {
        const result = await deleteAccount(deps, {
          userId: c.var.user!.id,
          password: c.req.valid("json").password,
          requestId: c.var.requestId ?? null,
        });
        const ctx = await deps.auth.$context;
        const cookie = ctx.authCookies.sessionToken.name;
        deleteCookie(c, cookie, { path: "/", secure: cookie.startsWith("__Secure-") });
        return c.json(result);
      },
    );
};
