import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { QueryState } from "~/web/components/query-state";
import { AppLink } from "~/web/components/ui/app-link";
import { Button } from "~/web/components/ui/button";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { adminPaths } from "~/web/config/admin-paths";
import { type UsersPlace, useUsers } from "../api/search-users";
import { formatTime } from "./format";

export interface UserSearchProps {
  q: string;
  place: UsersPlace;
  /** Called with a new search or page; the route keeps both in the URL. */
  onChange: (next: { q: string; place: UsersPlace }) => void;
}

/** The search field: part of an e-mail address or an id, trimmed (the server's `userSearchQuery` checks the rest). */
const searchSchema = z.object({ q: z.string().trim() });

/**
 * How many users the page shows: the whole count when it is the only page, else this page's (the list has no
 * total: counting every user on every page is what the list must not cost).
 */
function countText(users: number, onlyPage: boolean, q: string) {
  const count = users === 1 ? "1 user" : `${users} users`;
  return `${onlyPage ? count : `${count} on this page`}${q ? ` matching “${q}”` : ""}`;
}

/** Search by part of an e-mail address or by id; 20 users a page, newest first, Previous / Next by key. */
export function UserSearch({ q, place, onChange }: UserSearchProps) {
  const id = useId();
  const query = useUsers(q, place);
  const data = query.data;

  // The field shows the search of the URL, also after going back or forward.
  const form = useForm({ values: { q }, resolver: zodResolver(searchSchema) });
  const submit = form.handleSubmit((values) => onChange({ q: values.q, place: {} }));

  return (
    <div className="flex flex-col gap-4">
      <form
        aria-label="Search users"
        onSubmit={submit}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <div className="grid flex-1 gap-2">
          <Label htmlFor={`${id}-q`}>E-mail or user id</Label>
          <Input id={`${id}-q`} type="search" placeholder="jane@example.com" {...form.register("q")} />
        </div>
        <Button type="submit">Search users</Button>
      </form>
      <QueryState query={query} what="users">
        {data ? (
          <>
            <p aria-live="polite" className="text-sm text-muted-foreground">
              {countText(data.users.length, !data.nextCursor && !data.prevCursor, q)}
            </p>
            {data.users.length > 0 ? (
              <div className="overflow-x-auto rounded-2xl border bg-card">
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr className="border-b">
                      <th scope="col" className="px-4 py-2 font-medium">
                        E-mail
                      </th>
                      <th scope="col" className="px-4 py-2 text-right font-medium">
                        Balance
                      </th>
                      <th scope="col" className="px-4 py-2 font-medium">
                        Status
                      </th>
                      <th scope="col" className="px-4 py-2 font-medium max-sm:hidden">
                        Signed up
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.users.map((u) => (
                      <tr key={u.id} className="border-b last:border-0">
                        <th scope="row" className="px-4 py-2 font-normal break-all">
                          <AppLink
                            className="font-medium underline underline-offset-4"
                            to={adminPaths.user.getHref(u.id)}
                          >
                            {u.email}
                          </AppLink>
                        </th>
                        <td className="px-4 py-2 text-right tabular-nums">{u.balance}</td>
                        <td className="px-4 py-2">
                          {[
                            u.deletedAt ? "Deleted" : null,
                            u.role === "admin" ? "Admin" : null,
                            u.banned ? "Banned" : null,
                            u.emailVerified ? null : "Unconfirmed",
                          ]
                            .filter(Boolean)
                            .join(", ") || "Active"}
                        </td>
                        <td className="px-4 py-2 max-sm:hidden">{formatTime(u.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            {data.nextCursor || data.prevCursor ? (
              <nav aria-label="Pages" className="flex items-center justify-between gap-2">
                <Button
                  variant="outline"
                  disabled={!data.prevCursor}
                  onClick={() => data.prevCursor && onChange({ q, place: { before: data.prevCursor } })}
                >
                  Previous
                </Button>
                <Button
                  variant="outline"
                  disabled={!data.nextCursor}
                  onClick={() => data.nextCursor && onChange({ q, place: { after: data.nextCursor } })}
                >
                  Next
                </Button>
              </nav>
            ) : null}
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
