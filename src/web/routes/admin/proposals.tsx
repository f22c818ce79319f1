import { Proposals } from "~/web/features/admin/components/proposals";
import { useSession } from "~/web/lib/session";
import { ConsolePage } from "./console-page";

/** /admin/proposals: dual control — large movements waiting for a second administrator. */
export function AdminProposalsRoute() {
  const { user } = useSession();
  return <ConsolePage title="Proposals">{user ? <Proposals self={user} /> : null}</ConsolePage>;
}
