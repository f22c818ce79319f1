/**
 * The referral page's rules (docs/product.md): how many friends it lists and the link a friend signs up with.
 * Its request and answer schemas are in ./api/referrals.ts.
 */

/** How many friends the referral page lists (the newest). */
export const REFERRED_FRIENDS_LIMIT = 100;

/** The site's origin plus /auth?ref= followed by the code (docs/product.md). */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, "")}/auth?ref=${encodeURIComponent(code)}`;
}
