import { AppLink } from "~/web/components/ui/app-link";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { paths } from "~/web/config/paths";
import { usePageTitle } from "~/web/lib/use-page-title";

/** Shown when a page fails to load or render (for example after a deploy removed an old code chunk). */
export function RouteError() {
  usePageTitle("Something went wrong");
  return (
    <div className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <span
        aria-hidden="true"
        className="inline-flex size-12 items-center justify-center rounded-full bg-destructive text-2xl font-black text-destructive-foreground"
      >
        !
      </span>
      <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-muted-foreground">This page could not be loaded. Please try again.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Reload Page
        </button>
        <AppLink to={paths.home.getHref()} className={buttonVariants({ variant: "outline" })}>
          Go Back Home
        </AppLink>
      </div>
    </div>
  );
}
