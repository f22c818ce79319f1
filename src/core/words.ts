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
 * A text no one can read is refused whole (hasUnreadable, below): a character no font draws — private-use (Co),
 * unassigned (Cn, which includes the noncharacters such as U+FDD0 and U+FFFF) or a lone surrogate (Cs) — would
 * read as a box or as nothing in the books, and a later Unicode version could give it any meaning; so would U+FFFD,
 * a stack of accents, a script the console cannot draw, or text with no letter or digit.
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
const UNDRAWABLE = /[\p{Co}\p{Cn}\p{Cs}]/u;

/**
 * The scripts the console can draw (ADR 087): the scripts of today's written languages that every mainstream
 * desktop and phone system ships fonts for. Characters of no particular script (Common: punctuation, ASCII digits,
 * symbols, emoji) and combining marks that take the script of their letter (Inherited) are always drawn.
 */
export const SHOWN_SCRIPTS = [
  "Latin",
  "Greek",
  "Cyrillic",
  "Armenian",
  "Georgian",
  "Hebrew",
  "Arabic",
  "Thaana",
  "Syriac",
  "Devanagari",
  "Bengali",
  "Gurmukhi",
  "Gujarati",
  "Oriya",
  "Tamil",
  "Telugu",
  "Kannada",
  "Malayalam",
  "Sinhala",
  "Thai",
  "Lao",
  "Tibetan",
  "Myanmar",
  "Khmer",
  "Ethiopic",
  "Hangul",
  "Hiragana",
  "Katakana",
  "Bopomofo",
  "Han",
] as const;
const SHOWN = new RegExp(
  `[\\p{sc=Zyyy}\\p{sc=Zinh}${SHOWN_SCRIPTS.map((sc) => `\\p{scx=${sc}}`).join("")}]`,
  "u",
);
const WRITTEN = /[\p{L}\p{M}\p{N}]/u;
/** A letter or digit that says something: not a modifier letter (the tatweel U+0640 only stretches a line). */
const READABLE = /[\p{Ll}\p{Lu}\p{Lt}\p{Lo}\p{N}]/u;
/** Marks drawn on top of or below their letter (nonspacing, enclosing); spacing marks take their own place. */
const STACKED_MARK = /[\p{Mn}\p{Me}]/u;
/** More marks than this on one character make it unreadable ('abc' under 180 accents). */
export const MAX_MARKS_PER_CHARACTER = 2;

function tooManyMarks(text: string): boolean {
  let run = 0;
  for (const ch of text) {
    run = STACKED_MARK.test(ch) ? run + 1 : 0;
    if (run > MAX_MARKS_PER_CHARACTER) return true;
  }
  return false;
}

/**
 * Whether `raw` is text no one can read in the books (docs/product.md, "Reasons are words"; ADR 087): a character
 * no font draws (private-use, unassigned — a script newer than this runtime's Unicode —, noncharacter, lone
 * surrogate), the replacement character U+FFFD (text already broken on its way), more than two marks stacked on one
 * character, a letter of a script the console cannot draw, or — once cleaned — no letter or digit at all (only
 * tatweels, a musical null notehead, symbols). Text made only of invisible characters is the INVISIBLE_TEXT case.
 */
export function hasUnreadable(raw: string): boolean {
  if (UNDRAWABLE.test(raw) || raw.includes("\ufffd")) return true;
  const text = cleanText(raw);
  if (text === "") return false;
  if (tooManyMarks(text.normalize("NFD"))) return true;
  let readable = false;
  for (const ch of text) {
    if (WRITTEN.test(ch) && !SHOWN.test(ch)) return true;
    if (READABLE.test(ch)) readable = true;
  }
  return !readable;
}

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
  "The text cannot be read as written: it needs a letter or digit, and no characters that cannot be shown (private-use, unassigned or replacement characters, letters of scripts the console cannot draw) or more than two accents on one letter; write it in ordinary letters.";

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
