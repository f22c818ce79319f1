import { z } from "zod";
import { partnerSchemes } from "../partners";
import { wordsField } from "../words";

/** The console's earning partners (/api/admin/partners) and the postback (/api/postbacks/{slug}). */

const partnerName = wordsField({
  min: 2,
  max: 80,
  tooShort: "Give the partner a name of at least 2 characters.",
  tooLong: "Keep the name under 80 characters.",
});

/** An IPv4 or IPv6 address, as the server sees a postback's source. */
const address = z.union([z.ipv4(), z.ipv6()]).meta({ examples: ["203.0.113.7", "2001:db8::7"] });

/**
 * POST /api/admin/partners: only `name` is required. The slug (the postback's path) is made from the name when
 * left out; `coinsPerDollar` null (the default) pays the partner's own reward.
 */
export const createPartnerInput = z.object({
  name: partnerName,
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, "2 to 40 lowercase letters, digits and dashes.")
    .optional(),
  scheme: z.enum(partnerSchemes).default("default"),
  coinsPerDollar: z.number().int().min(1).max(100_000).nullable().default(null),
  holdDays: z.number().int().min(0).max(365).default(14),
  allowedSources: z.array(address).max(50).default([]),
  dailyCapCoins: z.number().int().min(1).max(10_000_000).nullable().default(null),
  wallUrl: z
    .url({ protocol: /^https$/ })
    .max(500)
    .nullable()
    .default(null),
});
export type CreatePartnerInput = z.infer<typeof createPartnerInput>;

export const partnerIdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/** A partner as the console lists it: never its secret. */
export const partnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  scheme: z.enum(partnerSchemes),
  postbackUrl: z.string(),
  coinsPerDollar: z.number().int().nullable(),
  holdDays: z.number().int(),
  allowedSources: z.array(z.string()),
  dailyCapCoins: z.number().int().nullable(),
  wallUrl: z.string().nullable(),
  enabled: z.boolean(),
  /** What waits for a second administrator's approval, and who proposed it. */
  proposed: z.object({ change: z.enum(["enable", "rotate"]), by: z.string().nullable() }).nullable(),
  /** Until when the secret before the last rotation still verifies, if it does. */
  previousSecretUntil: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Partner = z.infer<typeof partnerSchema>;

export const partnerListSchema = z.object({ partners: z.array(partnerSchema) });

/** The answer that shows a secret: once, at creation or rotation. */
export const partnerSecretSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  secret: z.string(),
  postbackUrl: z.string(),
  partner: partnerSchema,
});

export const partnerResultSchema = z.object({ partner: partnerSchema });

/**
 * The default scheme's postback parameters (GET query or POST form). Every parameter is text; the presets
 * (ayeT-Studios, Wannads) name theirs differently (docs/product.md, "Earning partners").
 */
export const postbackParams = z.object({
  user_id: z.string().optional(),
  transaction_id: z.string().optional(),
  reward: z.string().optional(),
  payout: z.string().optional(),
  status: z.string().optional(),
  signature: z.string().optional(),
});

/** GET /api/offers: the signed-in player's offers page and pending partner coins. */
export const offersViewSchema = z.object({
  /** The player's opaque id for partners (never the e-mail nor the account's id). */
  partnerUserId: z.string(),
  walls: z.array(
    z.object({ name: z.string(), slug: z.string(), holdDays: z.number().int(), url: z.string().nullable() }),
  ),
  /**
   * Coins a partner's reversal took back after they were spent, not yet repaid: the next earnings repay them first
   * (docs/product.md, "Earning partners").
   */
  debtCoins: z.number().int(),
  /** Coins pending per release day, soonest first: '+420 coins available on 12 Dec'. */
  pending: z.array(z.object({ coins: z.number().int(), availableOn: z.iso.datetime() })),
  /** The player's latest partner credits (at most 20), newest first. */
  credits: z.array(
    z.object({
      partner: z.string(),
      coins: z.number().int(),
      state: z.enum(["pending", "available", "reversed", "held", "declined"]),
      availableOn: z.iso.datetime(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type OffersView = z.infer<typeof offersViewSchema>;

/** GET /api/admin/partners/held: the held credits, newest first, a page at a time by key. */
export const heldCreditsQuery = z.object({
  /** The page after this credit id (the previous page's `nextCursor`). */
  after: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** A partner credit held, not paid (over the partner's daily cap per player), with its reason. */
export const heldCreditListSchema = z.object({
  credits: z.array(
    z.object({
      id: z.number().int(),
      partner: z.string(),
      transactionId: z.string(),
      userId: z.string().nullable(),
      email: z.string().nullable(),
      coins: z.number().int(),
      reason: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
  /** The next page's `after`, or null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type HeldCreditList = z.infer<typeof heldCreditListSchema>;

/** POST /api/admin/partners/held/{id}/release and …/decline: a held credit's id. */
export const heldCreditIdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});

/**
 * An administrator's decision on a held credit (docs/product.md, "Earning partners"): released and paid at once
 * (`available`) when its hold has passed, released and pending until `releaseAt` otherwise, or `declined`.
 */
export const heldCreditDecisionSchema = z.object({
  id: z.number().int(),
  state: z.enum(["available", "pending", "declined"]),
  coins: z.number().int(),
  releaseAt: z.iso.datetime(),
  auditId: z.number().int(),
});
export type HeldCreditDecision = z.infer<typeof heldCreditDecisionSchema>;
