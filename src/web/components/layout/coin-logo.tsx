import { clsx } from "clsx";

const sizes = { xs: "size-4 text-[0.6rem]", sm: "size-6 text-xs", md: "size-8 text-sm" } as const;

/** The app mark: a gold coin. Decorative; the text next to it names the link. */
export function CoinLogo({ size = "md" }: { size?: "xs" | "sm" | "md" }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        "inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-amber-300 to-amber-500 font-black text-amber-950 shadow-sm ring-2 ring-amber-600/30",
        sizes[size],
      )}
    >
      ¢
    </span>
  );
}
