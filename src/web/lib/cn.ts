import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge, getDefaultConfig } from "tailwind-merge";

/**
 * tailwind-merge's `twMerge`, set up in two steps. Its first call builds the default configuration and then a
 * class map of every Tailwind utility: one long piece of work, which would land in the hydration of the page
 * that first calls `cn`. Each step runs in a task of its own, queued when this module runs (so before the page
 * hydrates: app/page-loaders.ts waits two tasks); a call that comes earlier does what is still missing itself.
 */
let config: ReturnType<typeof getDefaultConfig> | undefined;
const twMerge = createTailwindMerge(() => {
  config ??= getDefaultConfig();
  return config;
});

/**
 * Joins class names and lets later Tailwind utilities win over earlier ones (shadcn's `cn`). For primitives
 * whose callers override classes. It brings tailwind-merge (~8.5 KB gzip), so the layout and the home page use
 * `clsx` or plain strings instead; `npm run bench:bundle` fails if "/" passes its 90 KB budget.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

setTimeout(() => {
  config ??= getDefaultConfig();
  setTimeout(() => cn("p-0", "p-1"), 0);
}, 0);
