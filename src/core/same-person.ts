/**
 * Keys under which two accounts look like one person (docs/product.md, "Referral program" and "KYC"): pure, so
 * the rules are tested exhaustively and live in one place. A match is a reason for a person to look, never a
 * verdict: it sends a referral bonus or a KYC submission to the administrators' review.
 */

/** Mail providers that deliver `a.b.c@` to `abc@`, and domains that are the same mailbox under another name. */
const DOTS_IGNORED = new Set(["gmail.com"]);
const SAME_MAILBOX_DOMAINS: Record<string, string> = { "googlemail.com": "gmail.com" };

/**
 * The mailbox an address delivers to, as far as we can tell from the address: any case, without a `+tag`
 * (sub-addressing, which nearly every provider delivers to the plain address), and for Gmail without dots and
 * with googlemail.com read as gmail.com. `A.Da+promo@GoogleMail.com` → `ada@gmail.com`.
 */
export function mailboxKey(email: string): string {
  const address = email.normalize("NFKC").trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1) return address;
  const rawDomain = address.slice(at + 1).replace(/\.$/, "");
  const domain = SAME_MAILBOX_DOMAINS[rawDomain] ?? rawDomain;
  let local = address.slice(0, at);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED.has(domain)) local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/** True when two addresses deliver to one mailbox (mailboxKey). */
export const sameMailbox = (a: string, b: string): boolean => mailboxKey(a) === mailboxKey(b);
