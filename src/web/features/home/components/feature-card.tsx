import { AppLink } from "~/web/components/ui/app-link";
import { ArrowRightIcon, type HomeIcon } from "~/web/features/home/components/home-icons";

export interface FeatureCardProps {
  title: string;
  description: string;
  href: string;
  linkLabel: string;
  icon: HomeIcon;
}

// Plain classes instead of the Card primitive: the home page stays free of tailwind-merge (see lib/cn.ts).
export function FeatureCard({ title, description, href, linkLabel, icon: Icon }: FeatureCardProps) {
  return (
    <article className="flex w-full flex-col gap-4 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-soft text-brand">
        <Icon className="size-6" />
      </span>
      <h3 className="text-xl font-semibold tracking-tight">{title}</h3>
      <p className="flex-1 text-muted-foreground">{description}</p>
      <AppLink
        to={href}
        className="inline-flex items-center gap-1 self-start rounded-sm font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {linkLabel}
        <ArrowRightIcon className="size-4" />
      </AppLink>
    </article>
  );
}
