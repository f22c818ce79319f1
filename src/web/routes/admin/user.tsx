import { useParams } from "react-router";
import { QueryState } from "~/web/components/query-state";
import { AppLink } from "~/web/components/ui/app-link";
import { adminPaths } from "~/web/config/admin-paths";
import { useAdminUser } from "~/web/features/admin/api/get-user";
import { UserActions } from "~/web/features/admin/components/user-actions";
import { UserDetails } from "~/web/features/admin/components/user-details";
import { UserLedger } from "~/web/features/admin/components/user-ledger";
import { useSession } from "~/web/lib/session";
import { ConsolePage } from "./console-page";

/** /admin/users/:userId: one user's profile, history and the actions on them. */
export function AdminUserRoute() {
  const { userId = "" } = useParams();
  const { user: self } = useSession();
  const query = useAdminUser(userId);
  return (
    <ConsolePage title={query.data?.user.email ?? "User"}>
      <AppLink to={adminPaths.users.getHref()} className="text-sm font-medium underline underline-offset-4">
        Back to users
      </AppLink>
      <QueryState query={query} what="this user">
        {query.data && self ? (
          <div className="flex flex-col gap-6">
            <UserDetails detail={query.data} />
            <section aria-labelledby="actions-heading" className="flex flex-col gap-4">
              <h2 id="actions-heading" className="text-xl font-bold">
                Actions
              </h2>
              <UserActions key={query.data.user.id} user={query.data.user} self={self} />
            </section>
            <UserLedger userId={userId} />
          </div>
        ) : null}
      </QueryState>
    </ConsolePage>
  );
}
