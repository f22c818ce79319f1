import { useSupportEmail } from "~/web/lib/support";

/**
 * 'Write to support@…' as a mail link, or nothing when the server has no SUPPORT_EMAIL (docs/product.md "Help and
 * contact"). `lead` is the words before the address.
 */
export function SupportContact({ lead = "Write to", className }: { lead?: string; className?: string }) {
  const email = useSupportEmail();
  if (!email) return null;
  return (
    <span className={className}>
      {`${lead} `}
      <a href={`mailto:${email}`} className="font-medium underline underline-offset-4">
        {email}
      </a>
    </span>
  );
}
