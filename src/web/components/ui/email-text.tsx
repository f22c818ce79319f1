import { Fragment } from "react";

/**
 * An e-mail address that wraps where a reader expects it to (before the '@' and before a dot), and inside a part
 * only when that part alone is wider than the line — never 'us' / 'er1@…'.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={`break-words ${className ?? ""}`.trim()}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
