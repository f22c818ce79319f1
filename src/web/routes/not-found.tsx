import { House } from "lucide-react";
import { AppLink } from "~/web/components/ui/app-link";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { paths } from "~/web/config/paths";
import { usePageTitle } from "~/web/lib/use-page-title";

export function NotFoundRoute() {
  usePageTitle("Page Not Found");
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <p aria-hidden="true" className="text-7xl font-black tracking-tight text-brand">
        404
      </p>
      <h1 className="text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="text-muted-foreground">
        Sorry, the page you are looking for does not exist or has moved.
      </p>
      <AppLink to={paths.home.getHref()} className={buttonVariants({ size: "lg" })}>
        <House aria-hidden="true" />
        Go Back Home
      </AppLink>
    </div>
  );
}
