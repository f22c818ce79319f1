import { Users } from "lucide-react";
import type { FourEyesWhy } from "~/core/api/dual-control";
import { NEEDS_SECOND_ADMIN } from "~/core/dual-control";

/**
 * Dual control (docs/product.md): before an approval that will become a proposal, the console says so in bold and
 * says why ('You credited this account on …', a document number approved on another account).
 */
export function FourEyesNote({ fourEyes }: { fourEyes: FourEyesWhy }) {
  if (!fourEyes.needsSecondAdmin) return null;
  return (
    <div role="note" className="grid gap-1 rounded-xl border p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold">
        <Users aria-hidden="true" className="size-4" />
        {NEEDS_SECOND_ADMIN}
      </p>
      <ul className="grid gap-1">
        {fourEyes.why.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}
