import { CoinLogo } from "~/web/components/layout/coin-logo";
import { SupportContact } from "~/web/components/support-contact";
import { AppLink } from "~/web/components/ui/app-link";
import { APP_NAME } from "~/web/config/app";
import { paths } from "~/web/config/paths";

const footerLinks = [
  { to: paths.admin.getHref(), label: "Admin Panel" },
  { to: paths.kyc.getHref(), label: "KYC Verification" },
  { to: paths.referral.getHref(), label: "Referral Program" },
] as const;

const linkClass =
  "inline-flex min-h-11 items-center rounded-sm text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

export function SiteFooter() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 text-sm sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="flex flex-col gap-2">
          <p className="flex items-center gap-2 font-semibold">
            <CoinLogo size="sm" />
            {APP_NAME}
          </p>
          <p className="text-muted-foreground">
            © {new Date().getFullYear()} {APP_NAME}. All rights reserved.
          </p>
          <p className="text-muted-foreground empty:hidden">
            <SupportContact lead="Support:" />
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to} className={linkClass}>
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-muted-foreground">
          <li>
            <AppLink to={paths.help.getHref()} className={linkClass}>
              Help
            </AppLink>
          </li>
          <li>
            <AppLink to={paths.terms.getHref()} className={linkClass}>
              Terms of Service
            </AppLink>
          </li>
          <li>
            <AppLink to={paths.privacy.getHref()} className={linkClass}>
              Privacy Policy
            </AppLink>
          </li>
        </ul>
      </div>
    </footer>
  );
}
