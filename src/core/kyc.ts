/**
 * Identity verification (KYC): the rules the server enforces and the browser shows. The product rules are in
 * docs/product.md ("KYC"); the requests and answers of /api/kyc and /api/admin/kyc are in ./api/kyc.ts.
 */
export const kycStatuses = ["none", "pending", "approved", "rejected"] as const;
export type KycStatus = (typeof kycStatuses)[number];

/** Document types accepted, decided from the file's content (never its name or declared type). */
export const kycDocumentTypes = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export type KycDocumentType = (typeof kycDocumentTypes)[number];

export const isKycDocumentType = (mime: string): mime is KycDocumentType =>
  (kycDocumentTypes as readonly string[]).includes(mime);

/** Default largest upload (KYC_MAX_UPLOAD_BYTES): 5 MB. */
export const KYC_DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Default days a decided submission's document is kept before its bytes are deleted (KYC_RETENTION_DAYS). */
export const KYC_DEFAULT_RETENTION_DAYS = 30;
/** What the KYC form and /help say a submission may be: the document kinds and the file types the server reads. */
export const KYC_ACCEPTED_DOCUMENTS =
  "a passport, a national identity card or a driving licence, as a photo or scan (JPEG, PNG, WebP or PDF)";
/** How long a review usually takes (docs/product.md "KYC"), said on the KYC form and on /help. */
export const KYC_REVIEW_TIME = "up to 2 business days";

/**
 * What the review's 'Compared as' value is (docs/product.md, "One identity, one account"; the rule itself is
 * src/core/document-number.ts): the key every other account's documents are compared by.
 */
export const KYC_COMPARED_AS_EXPLANATION =
  "The document ID as we compare it with every other account's: spaces, dashes, tatweel and invisible characters removed, upper case, digits of every script counted as their value, and look-alike characters made one (0 and O; 1, I and l; Cyrillic Р and P; small capitals, circled and squared forms), so a number typed differently or disguised still matches.";
export const KYC_FULL_NAME_MAX = 200;
export const KYC_DOCUMENT_ID_MAX = 100;
export const KYC_REASON_MAX = 500;

/** "5 MB" for 5 × 1024 × 1024 bytes: how the size limit is shown. */
export const formatMegabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

/** What the submitter sees of a document id after submitting: its last characters at most, never all of it. */
export function maskDocumentId(documentId: string): string {
  const chars = [...documentId.trim()];
  const shown = chars.length >= 8 ? 4 : chars.length >= 5 ? 2 : 0;
  return `••••${chars.slice(chars.length - shown).join("")}`;
}

/** Why approving a submission that shares its document number with another account is refused without a reason. */
export const KYC_SAME_DOCUMENT_REASON_MESSAGE =
  "Another account submitted the same document number: give a reason for approving.";
