import { exportFileNames } from "~/core/account";
import { accountExportSchema } from "~/core/api/account";
import type { AppDeps } from "../app-deps";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { type AccountRouteKit, download } from "./account-route-kit";
import { exportJson } from "./export.service";
import { streamOf } from "./export-stream";
import { exportLedgerCsv } from "./ledger-export";

/** /api/account/export and /export/ledger.csv, mounted by account.routes.ts behind requireUser: my data. */
export const createAccountDownloadRoutes = (deps: AppDeps, kit: AccountRouteKit) =>
  createRouter()
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
      kit.limitExport,
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
      kit.limitExport,
      async (c) =>
        new Response(await streamOf(exportLedgerCsv(deps.db, c.var.user!.id)), {
          headers: download("text/csv; charset=utf-8", exportFileNames.ledgerCsv),
        }),
    );
