import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names and lets later Tailwind utilities win over earlier ones (shadcn's `cn`). For primitives
 * whose callers override classes. It brings tailwind-merge (~8.5 KB gzip), so the layout and the home page use
 * `clsx` or plain strings instead; `npm run bench:bundle` fails if "/" passes its 90 KB budget.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
