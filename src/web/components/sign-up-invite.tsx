import { UserPlus } from "lucide-react";
import { AppLink } from "~/web/components/ui/app-link";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { paths } from "~/web/config/paths";

/**
 * What a guest is told after a win or a quiz that would have paid a signed-in player (docs/product.md): what it
 * would have paid, from the rewards of src/core/coins.ts, then the invitation.
 */
export const signUpInvite = (what: string, coins: number) =>
  `${what} pays ${coins} coins when you are signed in. Create an account to earn coins like these.`;

/**
 * /auth in register mode (src/web/routes/auth.tsx reads `mode`). Built here, not in config/paths.ts, which ships in
 * the entry chunk: a guest's "/" has no bytes to spare (docs/decisions/003-web-bundle-budget.md).
 */
export const REGISTER_HREF = `${paths.auth.getHref()}?mode=register`;

/** The invitation and its link to /auth in register mode. `what`: "This win", "This result"; `coins`: its pay. */
export function SignUpInvite({ what, coins }: { what: string; coins: number }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border bg-brand-soft px-4 py-3 text-center">
      <p className="font-medium">{signUpInvite(what, coins)}</p>
      <AppLink to={REGISTER_HREF} className={buttonVariants({ size: "sm" })}>
        <UserPlus aria-hidden="true" />
        Create an account
      </AppLink>
    </div>
  );
}
