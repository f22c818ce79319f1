import { useSearchParams } from "react-router";
import { AuditLog } from "~/web/features/admin/components/audit-log";
import { ConsolePage } from "./console-page";

/** /admin/audit: the audit log; its filters live in the URL. */
export function AdminAuditRoute() {
  const [params, setParams] = useSearchParams();
  const filter = {
    actor: params.get("actor") ?? "",
    target: params.get("target") ?? "",
    action: params.get("action") ?? "",
  };
  return (
    <ConsolePage title="Audit log">
      <AuditLog
        filter={filter}
        onFilter={(next) => setParams(new URLSearchParams(Object.entries(next).filter(([, v]) => v)))}
      />
    </ConsolePage>
  );
}
