import {
  createPartnerInput,
  partnerIdParam,
  partnerListSchema,
  partnerResultSchema,
  partnerSecretSchema,
} from "~/core/api/partners";
import type { AppDeps } from "../app-deps";
import { actingAdmin, requireFreshSession } from "../auth/require-admin";
import type { rateLimit } from "../http/rate-limit";
import { responds } from "../http/route-docs";
import { createRouter } from "../http/router";
import { jsonBody, params } from "../http/validate";
import {
  approvePartnerChange,
  createPartner,
  disablePartner,
  listPartners,
  proposeSecretRotation,
} from "./partners.service";

const FOUR_EYES =
  "A partner's postbacks mint coins: enabling it and a new secret wait until a different administrator approves them at /api/admin/partners/{id}/approve (403 SECOND_ADMIN_REQUIRED for the proposer).";

/**
 * /api/admin/partners: earning partners (docs/product.md, "Earning partners"). Mounted inside the admin router
 * (requireAdmin); changes are rate-limited per administrator and need a session signed in within 15 minutes.
 */
export const createPartnerAdminRoutes = (deps: AppDeps, limited: ReturnType<typeof rateLimit>) =>
  createRouter()
    .get(
      "/",
      responds(
        { 200: partnerListSchema },
        {
          summary: "Earning partners",
          description: "Every partner with its settings and what waits for approval; never a secret.",
        },
      ),
      async (c) => c.json({ partners: await listPartners(deps) }),
    )
    .post(
      "/",
      responds(
        { 201: partnerSecretSchema },
        {
          summary: "Create an earning partner",
          description: `Creates the partner disabled, with a new secret shown in this answer only (it is kept encrypted and never answered again), and its postback URL; its enabling is proposed. ${FOUR_EYES} A slug asked for and taken is a 409.`,
          errors: ["CONFLICT", "INVISIBLE_TEXT"],
        },
      ),
      requireFreshSession(),
      limited,
      jsonBody(createPartnerInput),
      async (c) => {
        const { secret, partner } = await createPartner(deps, actingAdmin(c.var), c.req.valid("json"));
        return c.json(
          { id: partner.id, slug: partner.slug, secret, postbackUrl: partner.postbackUrl, partner },
          201,
        );
      },
    )
    .post(
      "/:id/approve",
      responds(
        { 200: partnerResultSchema },
        {
          summary: "Approve a partner's change",
          description: `Applies what waits: enabling, or the new secret (the old one verifies for 24 hours more). ${FOUR_EYES}`,
          errors: ["SECOND_ADMIN_REQUIRED", "PARTNER_NOTHING_PROPOSED"],
        },
      ),
      params(partnerIdParam),
      requireFreshSession(),
      limited,
      async (c) =>
        c.json({ partner: await approvePartnerChange(deps, actingAdmin(c.var), c.req.valid("param").id) }),
    )
    .post(
      "/:id/rotate-secret",
      responds(
        { 200: partnerSecretSchema },
        {
          summary: "Propose a new secret",
          description: `A new secret, shown in this answer only; it replaces the current one when approved. ${FOUR_EYES}`,
          errors: ["CONFLICT"],
        },
      ),
      params(partnerIdParam),
      requireFreshSession(),
      limited,
      async (c) => {
        const { secret, partner } = await proposeSecretRotation(
          deps,
          actingAdmin(c.var),
          c.req.valid("param").id,
        );
        return c.json({
          id: partner.id,
          slug: partner.slug,
          secret,
          postbackUrl: partner.postbackUrl,
          partner,
        });
      },
    )
    .post(
      "/:id/disable",
      responds(
        { 200: partnerResultSchema },
        {
          summary: "Disable a partner",
          description:
            "At once: its postbacks are refused (403) from now on; a waiting enabling is withdrawn.",
        },
      ),
      params(partnerIdParam),
      limited,
      async (c) =>
        c.json({ partner: await disablePartner(deps, actingAdmin(c.var), c.req.valid("param").id) }),
    );
