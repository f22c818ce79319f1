import { PartnersConsole } from "~/web/features/admin/components/partners-console";
import { useSession } from "~/web/lib/session";
import { ConsolePage } from "./console-page";

/** /admin/partners: earning partners (four eyes on enabling and secrets) and the credits held for review. */
export function AdminPartnersRoute() {
  const { user } = useSession();
  return <ConsolePage title="Earning partners">{user ? <PartnersConsole self={user} /> : null}</ConsolePage>;
}
