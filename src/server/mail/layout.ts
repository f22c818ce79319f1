import { escapeHtml } from "./links";

/**
 * The one design of every mail (docs/product.md, "Mails"): the app's name over an amber rule, a title, paragraphs,
 * one amber button with its link written out, a small footer, and — added when the mail is sent — the support line
 * (outbox.job.ts withSupportLine). Hand-made, inline styles only (mail clients drop style sheets), in one column
 * that never exceeds the screen: at most 560 px, 100 % on a phone, and every word and link may break anywhere, so
 * no long URL makes a phone scroll sideways. Each mail also has a plain-text part (the templates write it).
 */
export const APP_NAME = "Play, Learn, Earn";

/** The app's colours (src/web/styles.css `--brand`, an amber): as hex, since mail clients know no oklch. */
export const MAIL_COLORS = {
  brand: "#b45309",
  brandSoft: "#fef3c7",
  text: "#1c1917",
  muted: "#57534e",
} as const;

/** Every subject reads 'Play, Learn, Earn: …'. */
export const mailSubject = (topic: string) => `${APP_NAME}: ${topic}`;

/** Wraps anything: a long link or word breaks instead of widening the mail. */
export const WRAP = "overflow-wrap: anywhere; word-break: break-word; max-width: 100%";

/** Where the support line goes when the mail is sent (inside the column, under the footer). */
export const SUPPORT_SLOT = "<!--support-->";

/** A line of the footer's kind, in the column (the support line). */
export const footerLine = (html: string) =>
  `<p style="color: ${MAIL_COLORS.muted}; font-size: 13px; ${WRAP}">${html}</p>`;

export interface MailAction {
  label: string;
  url: string;
}

/** The frame of every mail: a title, paragraphs, one button (with its link written out) and a small footer. */
export function layout(title: string, paragraphs: string[], action: MailAction, footer: string): string {
  const url = escapeHtml(action.url);
  const { brand, brandSoft, text, muted } = MAIL_COLORS;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin: 0; padding: 0; background: ${brandSoft}; color: ${text}; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.5; ${WRAP}">
<div style="box-sizing: border-box; width: 100%; max-width: 560px; margin: 0 auto; padding: 16px; ${WRAP}">
  <p style="margin: 0 0 12px; font-size: 18px; font-weight: 800; color: ${brand}; border-bottom: 3px solid ${brand}; padding-bottom: 8px">${APP_NAME}</p>
  <div style="box-sizing: border-box; background: #ffffff; border-radius: 12px; padding: 20px 16px; ${WRAP}">
  <h1 style="margin: 0 0 12px; font-size: 20px">${escapeHtml(title)}</h1>
  ${paragraphs.map((p) => `<p style="${WRAP}">${escapeHtml(p)}</p>`).join("\n  ")}
  <p><a href="${url}" style="display: inline-block; box-sizing: border-box; max-width: 100%; padding: 10px 16px; background: ${brand}; color: #ffffff; border-radius: 8px; font-weight: 600; text-decoration: none">${escapeHtml(action.label)}</a></p>
  <p style="font-size: 13px; color: ${muted}; ${WRAP}">If the button does not work, copy this link into your browser:<br><a href="${url}" style="color: ${brand}; ${WRAP}">${url}</a></p>
  </div>
  <p style="color: ${muted}; font-size: 13px; ${WRAP}">${escapeHtml(footer)}</p>
  ${SUPPORT_SLOT}
</div>
</body>
</html>`;
}
