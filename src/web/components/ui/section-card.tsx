import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/web/components/ui/card";

/** A card of a page's section: an h2 with its icon, and the content. */
export function SectionCard({
  icon: Icon,
  title,
  contentClassName,
  children,
}: {
  icon: LucideIcon;
  title: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-brand" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
