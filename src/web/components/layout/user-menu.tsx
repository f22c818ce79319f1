import { ChevronDown, UserRound } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { AppLink } from "~/web/components/ui/app-link";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { paths } from "~/web/config/paths";

const itemClass =
  "flex h-9 cursor-pointer items-center rounded-md px-2 text-sm outline-none select-none data-[highlighted]:bg-muted data-[highlighted]:text-foreground";

/**
 * The signed-in user's menu in the header (Radix DropdownMenu: a menu button, arrow keys, Escape, focus back on
 * the button): the address, 'Account', 'Identity verification', 'Referral Program', 'Logout'. Its own chunk,
 * loaded once someone is signed in, so a guest's first load carries none of it.
 */
export function UserMenu({
  email,
  onLogout,
  isLoggingOut,
}: {
  email: string;
  onLogout: () => void;
  isLoggingOut: boolean;
}) {
  return (
    // Not modal: the page stays in the accessibility tree (a modal menu hides #root, whose focusable controls
    // axe then reports), and rendered inside the header's banner landmark rather than in a portal.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu (${email})`}
        className={buttonVariants({ variant: "ghost", size: "sm", className: "gap-1 px-2" })}
      >
        <UserRound aria-hidden="true" />
        <ChevronDown aria-hidden="true" className="max-sm:hidden" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className="z-50 min-w-56 rounded-xl border bg-card p-1 text-card-foreground shadow-lg"
      >
        <DropdownMenu.Label className="truncate px-2 py-1.5 text-sm text-muted-foreground">
          {email}
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        <DropdownMenu.Item asChild className={itemClass}>
          <AppLink to={paths.account.getHref()}>Account</AppLink>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={itemClass}>
          <AppLink to={paths.kyc.getHref()}>Identity verification</AppLink>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={itemClass}>
          <AppLink to={paths.referral.getHref()}>Referral Program</AppLink>
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        <DropdownMenu.Item className={itemClass} disabled={isLoggingOut} onSelect={onLogout}>
          Logout
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
