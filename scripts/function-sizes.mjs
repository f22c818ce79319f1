/**
 * `npm run lint`'s honest function size: no function in src/ (test files aside, as in biome.size-limits.jsonc) over
 * 80 lines, counted as Biome counts them (the lines between the body's braces, or an expression body's lines, blank
 * lines included) but with the lines inside JSX and template strings counted too, which Biome's
 * noExcessiveLinesPerFunction skips. Reads the files with the TypeScript parser. Exits 1 listing each function over the
 * limit that is not in EXCEPTIONS. Usage: node scripts/function-sizes.mjs [root] (default: the working directory).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const MAX_LINES = 80;

/**
 * The functions allowed over the limit, as `path#name` (name: the function's, or the variable or property it is
 * assigned to; a callback is `<outer>>callback`), each with its reason. Adding one is a decision.
 */
const TO_SPLIT =
  "to split: over the limit only once its JSX or template lines count; left whole while parallel branches change it";
const EXCEPTIONS = {
  "src/web/features/legal/components/help-text.tsx#HelpText":
    "a page of prose in JSX: splitting it would cut the text, not a function",
  "src/web/features/legal/components/privacy-text.tsx#PrivacyText":
    "a page of prose in JSX: splitting it would cut the text, not a function",
  "src/web/features/legal/components/terms-text.tsx#TermsText":
    "a page of prose in JSX: splitting it would cut the text, not a function",
  "src/server/auth/auth-password.routes.ts#createPasswordRoutes":
    "one chained Hono router: the typed client (AppType) reads its routes from the one chain",
  "src/server/auth/auth-sign-in.routes.ts#createSignInRoutes":
    "one chained Hono router: the typed client (AppType) reads its routes from the one chain",
  "src/server/kyc/kyc.admin.routes.ts#createKycAdminRoutes":
    "one chained Hono router: the typed client (AppType) reads its routes from the one chain",
  "src/server/partners/partners.admin.routes.ts#createPartnerAdminRoutes":
    "one chained Hono router: the typed client (AppType) reads its routes from the one chain",
  "src/server/auth/auth.ts#createAuth": TO_SPLIT,
  "src/server/serve.ts#serve": TO_SPLIT,
  "src/web/features/admin/components/business-chart-specs.ts#businessChartSpecs": TO_SPLIT,
  "src/web/features/admin/components/overview-panel.tsx#OverviewPanel": TO_SPLIT,
  "src/web/features/admin/components/proposals.tsx#ProposalCard": TO_SPLIT,
  "src/web/features/admin/components/referral-reviews.tsx#HeldReferralCard": TO_SPLIT,
  "src/web/features/admin/components/user-details.tsx#UserDetails": TO_SPLIT,
  "src/web/features/admin/components/user-search.tsx#UserSearch": TO_SPLIT,
  "src/web/features/auth/components/auth-form.tsx#AuthForm": TO_SPLIT,
  "src/web/features/auth/components/update-password-form.tsx#UpdatePasswordForm": TO_SPLIT,
  "src/web/features/kyc/components/kyc-form.tsx#KycForm": TO_SPLIT,
  "src/web/features/kyc-review/components/kyc-review-panel.tsx#KycReviewPanel": TO_SPLIT,
  "src/web/features/videos/components/video-gallery.tsx#VideoGallery": TO_SPLIT,
  "src/web/features/wallet/components/redeem-dialog.tsx#RedeemDialog": TO_SPLIT,
  "src/web/routes/quizzes.tsx#Quizzes": TO_SPLIT,
};

const root = path.resolve(process.argv[2] ?? ".");

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
      ? [full]
      : [];
  });
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    ts.isIdentifier(parent.name)
  )
    return parent.name.text;
  return undefined;
}

/** The lines Biome counts: between the block's braces, or the whole expression body. */
function bodyLines(file, body) {
  const line = (pos) => file.getLineAndCharacterOfPosition(pos).line;
  if (ts.isBlock(body)) return line(body.getEnd() - 1) - line(body.getStart(file)) - 1;
  return line(body.getEnd()) - line(body.getStart(file)) + 1;
}

export function oversized(dir) {
  const found = [];
  for (const full of sourceFiles(path.join(dir, "src"))) {
    const text = readFileSync(full, "utf8");
    const kind = full.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const file = ts.createSourceFile(full, text, ts.ScriptTarget.Latest, true, kind);
    const relative = path.relative(dir, full).split(path.sep).join("/");
    const visit = (node, outer) => {
      let inner = outer;
      if (ts.isFunctionLike(node) && node.body) {
        const own = nameOf(node);
        inner = own ?? `${outer ?? "<module>"}>callback`;
        const lines = bodyLines(file, node.body);
        if (lines > MAX_LINES) found.push({ key: `${relative}#${inner}`, lines });
      }
      ts.forEachChild(node, (child) => visit(child, inner));
    };
    visit(file, undefined);
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = oversized(root);
  const refused = found.filter((f) => !(f.key in EXCEPTIONS));
  const stale = Object.keys(EXCEPTIONS).filter((key) => !found.some((f) => f.key === key));
  for (const key of stale)
    console.log(`function-sizes: ${key} is within ${MAX_LINES} lines now: drop its exception`);
  for (const f of refused)
    console.error(
      `function-sizes: ${f.key} has ${f.lines} lines (JSX and template strings counted), over ${MAX_LINES}`,
    );
  if (refused.length) process.exit(1);
}
