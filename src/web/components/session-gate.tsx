import type { ReactNode } from "react";
import { LoginPrompt } from "~/web/components/login-prompt";
import { Spinner } from "~/web/components/ui/spinner";
import { type SessionUser, useSession } from "~/web/lib/session";

interface GateCommon {
  /** The guest's text in the `<LoginPrompt>`, e.g. 'Please log in to view your wallet.' */
  message?: ReactNode;
  /** The prompt's link label; 'Log in' unless the page names another. */
  linkLabel?: string;
  /** Wraps the spinner and the prompt (the admin console's 'Admin Panel' page); the signed-in view brings its own. */
  frame?: (content: ReactNode) => ReactNode;
}

/** A page for accounts only: a guest sees the prompt instead of `children`. */
interface MembersOnly extends GateCommon {
  message: ReactNode;
  guests?: false;
  children: (user: SessionUser) => ReactNode;
}

/** A page guests use too (games, videos): `children` gets null for a guest, below the prompt if there is a message. */
interface GuestsWelcome extends GateCommon {
  guests: true;
  children: (user: SessionUser | null) => ReactNode;
}

export type SessionGateProps = MembersOnly | GuestsWelcome;

const unframed = (content: ReactNode) => content;

/**
 * The three states of a page that depends on the session (docs/product.md): the spinner while the first check runs,
 * the page for the signed-in user, the log-in prompt for a guest (docs/decisions/017-guest-access.md). The prerendered
 * guest pages are rendered in the loading state, so the spinner is what the browser hydrates.
 */
export function SessionGate(props: SessionGateProps) {
  const { status, user } = useSession();
  const frame = props.frame ?? unframed;
  if (status === "loading")
    return frame(
      <div className="flex justify-center">
        <Spinner />
      </div>,
    );
  const prompt =
    user || props.message === undefined ? null : (
      <LoginPrompt message={props.message} linkLabel={props.linkLabel} />
    );
  if (props.guests)
    return (
      <>
        {prompt}
        {props.children(user)}
      </>
    );
  return user ? props.children(user) : frame(prompt);
}
