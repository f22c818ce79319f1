import { useSearchParams } from "react-router";
import type { UsersPlace } from "~/web/features/admin/api/search-users";
import { UserSearch } from "~/web/features/admin/components/user-search";
import { ConsolePage } from "./console-page";

/** /admin/users: search and page through users; the search and the page's place live in the URL. */
export function AdminUsersRoute() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const after = params.get("after");
  const before = params.get("before");
  const place: UsersPlace = after ? { after } : before ? { before } : {};
  return (
    <ConsolePage title="Users">
      <UserSearch
        q={q}
        place={place}
        onChange={(next) => {
          const search = new URLSearchParams();
          if (next.q) search.set("q", next.q);
          for (const [key, value] of Object.entries(next.place)) search.set(key, value);
          setParams(search);
        }}
      />
    </ConsolePage>
  );
}
