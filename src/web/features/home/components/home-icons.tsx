import type { ReactNode } from "react";

// The home page draws its few icons inline instead of through lucide-react, whose runtime (~1.5 KB gzip)
// would count against the 90 KB first-load budget of "/". Shapes from Lucide (ISC licence).

export interface HomeIconProps {
  className?: string;
}

export type HomeIcon = (props: HomeIconProps) => ReactNode;

function Svg({ className, children }: HomeIconProps & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function ArrowRightIcon({ className }: HomeIconProps) {
  return (
    <Svg className={className}>
      <path d="M5 12h14m-7-7 7 7-7 7" />
    </Svg>
  );
}

export function GamepadIcon({ className }: HomeIconProps) {
  return (
    <Svg className={className}>
      <path d="M6 11h4M8 9v4m7-1h.01M18 10h.01" />
      <path d="M17.32 5H6.68a4 4 0 0 0-3.978 3.59c-.006.052-.01.101-.017.152C2.604 9.416 2 14.456 2 16a3 3 0 0 0 3 3c1 0 1.5-.5 2-1l1.414-1.414A2 2 0 0 1 9.828 16h4.344a2 2 0 0 1 1.414.586L17 18c.5.5 1 1 2 1a3 3 0 0 0 3-3c0-1.545-.604-6.584-.685-7.258-.007-.05-.011-.1-.017-.151A4 4 0 0 0 17.32 5z" />
    </Svg>
  );
}

export function BookCheckIcon({ className }: HomeIconProps) {
  return (
    <Svg className={className}>
      <path d="M12 5v16m4-9 2 2 4-4M22 6V5a2 2 0 0 0-1.999-2L16 3.002A5 5 0 0 0 12 5a5 5 0 0 0-4-2H4a2 2 0 0 0-2 2v12a2 2 0 0 0 1.999 2H8a5 5 0 0 1 4 2 5 5 0 0 1 4-2h4.001A2 2 0 0 0 22 17v-1.344" />
    </Svg>
  );
}

export function PlayCircleIcon({ className }: HomeIconProps) {
  return (
    <Svg className={className}>
      <path d="M9 9.003a1 1 0 0 1 1.517-.859l4.997 2.997a1 1 0 0 1 0 1.718l-4.997 2.997A1 1 0 0 1 9 14.996z" />
      <circle cx="12" cy="12" r="10" />
    </Svg>
  );
}

export function UserPlusIcon({ className }: HomeIconProps) {
  return (
    <Svg className={className}>
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2m17-13v6m3-3h-6" />
      <circle cx="9" cy="7" r="4" />
    </Svg>
  );
}

export function SparklesIcon({ className }: HomeIconProps) {
  return (
    <Svg className={className}>
      <path d="M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594zM20 2v4m2-2h-4" />
      <circle cx="4" cy="20" r="2" />
    </Svg>
  );
}

export function CoinsIcon({ className }: HomeIconProps) {
  return (
    <Svg className={className}>
      <path d="M13.744 17.736a6 6 0 1 1-7.48-7.48M15 6h1v4m-9.866 4.768.866-.5 2 3.464" />
      <circle cx="16" cy="8" r="6" />
    </Svg>
  );
}
