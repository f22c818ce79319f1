import { useEffect } from "react";
import { useLocation } from "react-router";

/** Starts each new page at the top, as a full page load would (hash links keep their own target). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const topOf = hash ? null : pathname;
  useEffect(() => {
    if (topOf !== null) window.scrollTo(0, 0);
  }, [topOf]);
  return null;
}
