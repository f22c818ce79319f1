import { z } from "zod";
import { KYC_DOCUMENT_ID_MAX, KYC_FULL_NAME_MAX, KYC_REASON_MAX, kycStatuses } from "../kyc";
import {
  cleanText,
  hasInvisible,
  hasUnreadable,
  INVISIBLE_TEXT_ISSUE,
  UNREADABLE_TEXT_ISSUE,
  UNREADABLE_TEXT_MESSAGE,
  WORDS_RULE_MARK,
  wordsField,
} from "../words";
import { fourEyesWhySchema } from "./dual-control";

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The KYC contract: the form and answers of /api/kyc and the review queue of /api/admin/kyc. The rules (statuses,
 * document types, limits, the masked document id) are in ../kyc.
 */

/** The text fields of the KYC form, trimmed; the file travels beside them as `documentUpload`. */
export const kycFieldsSchema = z.object({
  // A name is words (src/core/words.ts): normalised, without invisible characters, at least one visible one.
  fullName: wordsField({
    min: 1,
    max: KYC_FULL_NAME_MAX,
    tooShort: "Please enter your full name.",
    tooLong: `Your full name can be at most ${KYC_FULL_NAME_MAX} characters.`,
  }),
  // Kept as typed (its key is made on the server: src/core/document-number.ts), but it needs a letter or digit
  // that can be seen, and no character no font draws (src/core/words.ts).
  documentId: z
    .string({ message: "Please enter your document ID." })
    .refine((raw) => !hasUnreadable(raw), {
      message: UNREADABLE_TEXT_MESSAGE,
      params: { code: UNREADABLE_TEXT_ISSUE },
      abort: true,
    })
    .trim()
    .min(1, { message: "Please enter your document ID.", abort: true })
    .refine((raw) => !hasInvisible(raw) || HAS_LETTER_OR_DIGIT.test(cleanText(raw)), {
      message: "Please enter your document ID: invisible characters do not count.",
      params: { code: INVISIBLE_TEXT_ISSUE },
      abort: true,
    })
    .refine((raw) => HAS_LETTER_OR_DIGIT.test(cleanText(raw)), {
      message: "Please enter your document ID: its letters and digits.",
      abort: true,
    })
    .max(KYC_DOCUMENT_ID_MAX, `The document ID can be at most ${KYC_DOCUMENT_ID_MAX} characters.`)
    .meta({ [WORDS_RULE_MARK]: true }),
});
export type KycFields = z.infer<typeof kycFieldsSchema>;

/** POST /api/kyc (multipart/form-data): the text fields and the file `documentUpload`. */
export const kycSubmitForm = kycFieldsSchema.extend({
  documentUpload: z.file({ message: "Please choose a photo or scan of your identity document." }),
});

/** GET /api/kyc: the signed-in user's verification status (their latest submission). */
export const kycStatusResponse = z.object({
  status: z.enum(kycStatuses),
  /** Why the latest submission was rejected; null otherwise. */
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The document id as the user may see it (masked); null before any submission. */
  documentIdMasked: z.string().nullable(),
});
export type KycStatusResponse = z.infer<typeof kycStatusResponse>;

/** GET /api/kyc and POST /api/kyc: the status, and the largest document the server accepts. */
export const kycPageResponse = kycStatusResponse.extend({ maxUploadBytes: z.number() });
export type KycPageResponse = z.infer<typeof kycPageResponse>;

/** An administrator's decision on a pending submission; a rejection needs a reason the user will read. */
export const kycDecisionSchema = z
  .object({
    decision: z.enum(["approve", "reject"]),
    reason: wordsField({
      min: 3,
      max: KYC_REASON_MAX,
      tooShort: "Give a reason of at least 3 characters.",
      tooLong: `The reason can be at most ${KYC_REASON_MAX} characters.`,
      allowEmpty: true,
    }).optional(),
  })
  .refine((d) => d.decision === "approve" || (d.reason ?? "") !== "", {
    path: ["reason"],
    message: "Please give a reason for the rejection.",
  });
export type KycDecisionInput = z.infer<typeof kycDecisionSchema>;

/** POST /api/admin/kyc/{id}/decision. */
export const kycDecisionResult = z.object({
  submissionId: z.string(),
  userId: z.string(),
  status: z.enum(["approved", "rejected"]),
});
export type KycDecisionResult = z.infer<typeof kycDecisionResult>;

/** A submission as the review queue lists it. */
export const kycQueueItem = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  fullName: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  documentType: z.string(),
  documentSize: z.number(),
  submittedAt: z.string(),
});
export type KycQueueItem = z.infer<typeof kycQueueItem>;

/**
 * A place in a KYC list, as the list hands it out: the submission's time at full precision (microseconds, UTC)
 * and its id, `<time>_<id>`.
 */
export const kycListCursor = z
  .string()
  .max(80)
  .regex(
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    "This is not a place in the KYC list.",
  )
  .refine((c) => {
    const ms = `${c.slice(0, 23)}Z`;
    return !Number.isNaN(Date.parse(ms)) && new Date(ms).toISOString() === ms;
  }, "This is not a place in the KYC list.")
  .meta({ examples: ["2026-01-01T00:00:00.000000Z_3f2c7a52-5d0e-4b8e-9a4c-2f1d3b6e7c90"] });

/** GET /api/admin/kyc: one status's submissions, a page at a time by key. */
export const kycListQuery = z.object({
  status: z.enum(["pending", "approved", "rejected"]).default("pending"),
  /** At most this many a page; 200 when not given. */
  limit: z.coerce.number().int().min(1).max(200).optional(),
  /** The page after this place (the previous page's `nextCursor`). */
  after: kycListCursor.optional(),
});

export const kycQueueResponse = z.object({
  items: z.array(kycQueueItem),
  /** The cursor (`after`) of the page that follows, or null when this page is the last. */
  nextCursor: z.string().nullable(),
});
export type KycQueueResponse = z.infer<typeof kycQueueResponse>;

/** Another account whose KYC submission carries the same document number (its latest such submission). */
export const kycSameDocumentAccount = z.object({
  userId: z.string(),
  email: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
});
export type KycSameDocumentAccount = z.infer<typeof kycSameDocumentAccount>;

/** One submission for an administrator: the opened document id and whether the document can still be viewed. */
export const kycSubmissionDetail = kycQueueItem.extend({
  /** The document id as it was typed (invisible characters and all). */
  documentId: z.string(),
  /**
   * The key it is compared by (src/core/document-number.ts): NFKC, without invisible characters, confusable
   * letters folded (UTS #39 skeleton), letters and digits only, upper case. `P12345\u2060678` → `PL2345678`.
   */
  documentIdNormalised: z.string(),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  documentAvailable: z.boolean(),
  /**
   * Other accounts that submitted the same document number (one identity, one account): the submission is held
   * for review with them shown, and approving it needs a reason. Empty for most submissions.
   */
  sameDocumentAs: z.array(kycSameDocumentAccount),
  /**
   * Dual control (docs/product.md): whether the asking administrator's approval of this pending submission would
   * be a proposal, and why ('You credited this account on …', a document number approved on another account).
   */
  fourEyes: fourEyesWhySchema,
});
export type KycSubmissionDetail = z.infer<typeof kycSubmissionDetail>;
