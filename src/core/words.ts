import { z } from "zod";

/**
 * Reasons and names are words (docs/product.md, "Reasons are words"): what a person typed, as it will read in the
 * audit log, an e-mail or the console. Before any length rule the text is
 * - normalised to Unicode NFKC (full-width letters, ligatures and other compatibility forms become the plain
 *   letters they look like, so two texts that read the same are the same);
 * - stripped of control and format characters (Unicode Cc and Cf: zero-width spaces and joiners, bidi overrides
 *   and isolates, the byte-order mark, soft hyphens) and of the other default-ignorable code points that draw
 *   nothing (variation selectors, Hangul fillers), and of the braille blank;
 * - whitespace-collapsed (line breaks and runs of spaces become one space) and trimmed.
 * A text then needs `min` visible characters: neither spaces nor combining marks on their own.
 * A text holding a character no font draws — private-use (Co), unassigned (Cn, which includes the noncharacters
 * such as U+FDD0 and U+FFFF) or a lone surrogate (Cs) — is refused whole: it would read as a box or as nothing in
 * the books, and a later Unicode version could give it any meaning.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;
const BLANK = /[\p{Z}\s]+/gu;
const NOT_VISIBLE = /[\p{Z}\p{M}\s]/u;

/** The text as it is stored and shown: NFKC, without control or format characters, one space between words. */
export function cleanText(raw: string): string {
  return raw.normalize("NFKC").replace(BLANK, " ").replace(INVISIBLE, "").replace(BLANK, " ").trim();
}

/** How many characters of `text` can be seen (neither spaces nor combining marks on their own). */
export function visibleLength(text: string): number {
  let n = 0;
  for (const ch of text) if (!NOT_VISIBLE.test(ch)) n++;
  return n;
}

/** Private-use, unassigned (and noncharacter) code points and lone surrogates: characters no font draws. */
const UNREADABLE = /[\p{Co}\p{Cn}\p{Cs}]/u;

/** Whether `raw` holds a character that no font draws (private-use, unassigned, noncharacter, lone surrogate). */
export const hasUnreadable = (raw: string) => UNREADABLE.test(raw);

/**
 * `raw` with every character that draws nothing or no font draws (control, format, default-ignorable,
 * private-use, unassigned) written as its code point, `⟨U+2060⟩`: how the console shows what a person typed.
 */
export function revealHidden(raw: string): string {
  return raw.replace(/[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Co}\p{Cn}\p{Cs}]/gu, (ch) => {
    const hex = (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0");
    return `⟨U+${hex}⟩`;
  });
}

/** Whether `raw` holds control or format characters (which cleanText removes). */
export const hasInvisible = (raw: string) => new RegExp(INVISIBLE.source, "u").test(raw);

/**
 * The issue parameter that marks text refused for being made of invisible characters: the server answers it with
 * 400 INVISIBLE_TEXT instead of the 422 of an ordinary validation failure (src/server/http/validate.ts).
 */
export const INVISIBLE_TEXT_ISSUE = "INVISIBLE_TEXT";

/** The issue parameter of text holding characters no font draws: 400 UNREADABLE_TEXT (src/server/http/validate.ts). */
export const UNREADABLE_TEXT_ISSUE = "UNREADABLE_TEXT";

export const UNREADABLE_TEXT_MESSAGE =
  "The text holds characters that cannot be shown (private-use, unassigned or noncharacter code points); write it in ordinary letters.";

/**
 * Marks a field that follows the words rule in the JSON schema of the OpenAPI document, so every operation with one
 * documents 400 INVISIBLE_TEXT and 400 UNREADABLE_TEXT (src/server/openapi/build-document.ts).
 */
export const WORDS_RULE_MARK = "x-words-rule";

export interface WordsRule {
  /** Visible characters required (after cleaning). */
  min: number;
  /** Characters allowed (after cleaning). */
  max: number;
  tooShort: string;
  tooLong: string;
  /** An empty text (nothing typed, or only spaces) passes; a required-when rule lives on the object. */
  allowEmpty?: boolean;
}

/**
 * A reason or name field: cleaned as above, then `min` visible and at most `max` characters. Text that needed
 * cleaning and is too short after it (three zero-width spaces, bidi overrides, a reason hidden between them) is
 * refused with its own issue (INVISIBLE_TEXT_ISSUE), so the API can say why; so is text with a character no font
 * draws (UNREADABLE_TEXT_ISSUE). Every free text the books keep uses this rule: administrators' reasons, KYC and
 * redemption decisions, payout references, proposal withdrawals, and the name on a KYC submission.
 */
export function wordsField(rule: WordsRule) {
  const enough = (text: string) => (rule.allowEmpty && text === "") || visibleLength(text) >= rule.min;
  return (
    z
      .string()
      .refine((raw) => !hasUnreadable(raw), {
        message: UNREADABLE_TEXT_MESSAGE,
        params: { code: UNREADABLE_TEXT_ISSUE },
        abort: true,
      })
      .refine((raw) => !hasInvisible(raw) || enough(cleanText(raw)), {
        message: `${rule.tooShort} Invisible characters (zero-width spaces, direction marks, control characters) do not count.`,
        params: { code: INVISIBLE_TEXT_ISSUE },
        abort: true,
      })
      .overwrite(cleanText)
      .refine(enough, { message: rule.tooShort, abort: true })
      .max(rule.max, rule.tooLong)
      // The document states the visible minimum too (a refinement its generator cannot see).
      .meta({ [WORDS_RULE_MARK]: true, ...(rule.allowEmpty ? {} : { minLength: rule.min }) })
  );
}
