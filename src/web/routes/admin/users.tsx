import { useSearchParams } from "react-router";
import { UserSearch } from "~/web/features/admin/components/user-search";
import { ConsolePage } from "./console-page";

/** /admin/users: search and page through users; the search and page live in the URL. */
export function AdminUsersRoute() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  return (
    <ConsolePage title="Users">
      <UserSearch
        q={q}
        page={page}
        onChange={(next) => {
          const search = new URLSearchParams();
          if (next.q) search.set("q", next.q);
          if (next.page > 1) search.set("page", String(next.page));
          setParams(search);
        }}
      />
    </ConsolePage>
  );
}
