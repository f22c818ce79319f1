import { QueryClientProvider } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { AppLink } from "~/web/components/ui/app-link";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { queryClient } from "~/web/lib/query-client";
import { useInbox, useMarkRead } from "../api/get-inbox";
import { useReportTimeZone } from "../api/report-time-zone";

const itemClass =
  "grid cursor-pointer gap-0.5 rounded-md px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-muted";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * The inbox in the header (docs/product.md, "Messages"): a bell with the unread count; opening it lists the
 * messages, newest first, each a link to the page it is about, and marks the ones shown read. Older pages load
 * on 'Show older'. Radix DropdownMenu: a menu button, arrow keys, Escape. `owner`: whose inbox (the query's key).
 */
export function InboxMenu({ owner }: { owner: string }) {
  // The header is outside the pages' QueryLayout: the menu brings the app's one query client along.
  return (
    <QueryClientProvider client={queryClient}>
      <Inbox owner={owner} />
    </QueryClientProvider>
  );
}

function Inbox({ owner }: { owner: string }) {
  const inbox = useInbox(owner);
  const markRead = useMarkRead(owner);
  useReportTimeZone(owner);
  const pages = inbox.data?.pages ?? [];
  const unread = pages[0]?.unread ?? 0;
  const messages = pages.flatMap((p) => p.messages);

  function opened(open: boolean) {
    const newest = messages[0];
    if (open && newest && unread > 0) markRead.mutate(newest.id);
  }

  const label = unread > 0 ? `Messages (${unread} unread)` : "Messages";
  return (
    <DropdownMenu.Root modal={false} onOpenChange={opened}>
      <DropdownMenu.Trigger
        className={buttonVariants({ variant: "ghost", size: "sm", className: "relative px-1.5" })}
      >
        <Bell aria-hidden="true" />
        {/* The name in words (the badge's number is for the eye): no aria-label that the visible count is not in. */}
        <span className="sr-only">{label}</span>
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 min-w-5 rounded-full bg-foreground px-1 text-center text-[11px] font-bold text-background"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className="z-50 max-h-[70vh] w-[min(22rem,calc(100vw-1rem))] overflow-y-auto rounded-xl border bg-card p-1 text-card-foreground shadow-lg"
      >
        <DropdownMenu.Label className="px-2 py-1.5 text-sm font-semibold">Messages</DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        {messages.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">No messages yet.</p>
        ) : (
          messages.map((m) => (
            <DropdownMenu.Item key={m.id} asChild className={itemClass}>
              <AppLink to={m.link}>
                <span className={m.read ? "font-medium" : "font-bold"}>{m.title}</span>
                <span className="text-muted-foreground [overflow-wrap:anywhere]">{m.body}</span>
                <span className="text-xs text-muted-foreground">{when(m.createdAt)}</span>
              </AppLink>
            </DropdownMenu.Item>
          ))
        )}
        {inbox.hasNextPage ? (
          <DropdownMenu.Item
            className={itemClass}
            onSelect={(event) => {
              event.preventDefault();
              void inbox.fetchNextPage();
            }}
          >
            Show older
          </DropdownMenu.Item>
        ) : null}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
