/**
 * Referral codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L),
 * stored uppercase. Pure, so the browser can pre-check what the server will accept.
 */
export const REFERRAL_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERRAL_CODE_LENGTH = 8;

/**
 * What the server did with the referral code of a sign-up (the `referral` field of its response):
 * "applied" — a user has this code; "invalid" — nobody has it (the page shows
 * 'Invalid referral code. Proceeding without referral.'); "none" — no code was given.
 */
export type ReferralOutcome = "applied" | "invalid" | "none";

const codePattern = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** Fills a byte array with random values; `crypto.getRandomValues` in both Node and the browser. */
export type RandomBytes = (bytes: Uint8Array) => Uint8Array;

const secureRandom: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

/** A fresh code. Rejection sampling keeps every character equally likely. */
export function generateReferralCode(random: RandomBytes = secureRandom): string {
  const size = REFERRAL_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = "";
  while (code.length < REFERRAL_CODE_LENGTH) {
    for (const byte of random(new Uint8Array(REFERRAL_CODE_LENGTH * 2))) {
      if (byte >= limit) continue;
      code += REFERRAL_CODE_ALPHABET[byte % size];
      if (code.length === REFERRAL_CODE_LENGTH) break;
    }
  }
  return code;
}

/**
 * What the user typed, as it is stored: whitespace removed, uppercase.
 * Nothing (null, undefined, blank) means "no referral code".
 */
export function normalizeReferralCode(input: string | null | undefined): string | null {
  if (input == null) return null;
  const code = input.replace(/\s+/g, "").toUpperCase();
  return code === "" ? null : code;
}

/** Whether a normalized code could have been issued (right length and alphabet). */
export function isReferralCodeFormat(code: string): boolean {
  return codePattern.test(code);
}
