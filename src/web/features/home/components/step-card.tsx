import type { HomeIcon } from "~/web/features/home/components/home-icons";

export interface StepCardProps {
  step: number;
  title: string;
  description: string;
  icon: HomeIcon;
}

export function StepCard({ step, title, description, icon: Icon }: StepCardProps) {
  return (
    <div className="flex w-full flex-col items-center gap-3 rounded-2xl border bg-card p-6 text-center shadow-sm">
      <span className="relative inline-flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
        <Icon className="size-6" />
        <span
          aria-hidden="true"
          className="absolute -top-1 -right-1 inline-flex size-6 items-center justify-center rounded-full border-2 border-card bg-foreground text-xs font-bold text-background"
        >
          {step}
        </span>
      </span>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-muted-foreground">{description}</p>
    </div>
  );
}
