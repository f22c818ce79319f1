import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from "react-router";

/**
 * The app's links: React Router's `<Link>` and `<NavLink>` without the data-router extras those carry (`prefetch`
 * with its route-manifest code, view transitions, pending states), which this app never uses. React Router keeps
 * them in the modules the entry needs for `<BrowserRouter>`, so one `<Link>` anywhere puts ~2 KB gzip on a guest's
 * first visit to "/" (docs/decisions/003-web-bundle-budget.md): use these, not React Router's.
 */
export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: string;
  replace?: boolean;
}

export function AppLink({ to, replace, onClick, target, ...rest }: AppLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export interface AppNavLinkProps extends Omit<AppLinkProps, "className"> {
  /** Only the exact path counts as active (not its sub-paths). */
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
}

/** A link that knows whether it points at the current page (`aria-current="page"`), as `<NavLink>` does. */
export function AppNavLink({ end = false, className, ...rest }: AppNavLinkProps) {
  const target = useResolvedPath(rest.to).pathname.toLowerCase();
  const current = useLocation().pathname.toLowerCase();
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive =
    current === target || (!end && current.startsWith(target) && current.charAt(slashAt) === "/");
  return (
    <AppLink {...rest} aria-current={isActive ? "page" : undefined} className={className({ isActive })} />
  );
}
