import { Component, type ErrorInfo, type ReactNode } from "react";
import { RouteError } from "~/web/components/layout/route-error";
import { isChunkLoadError, reloadOnceForNewBuild } from "~/web/lib/reload-once";

interface Props {
  children: ReactNode;
  /** A new key (the path) clears the error, so navigating away from a broken page recovers. */
  resetKey: string;
}

interface State {
  error: unknown;
}

/** Catches a page that fails to load or render, keeping the header and footer usable. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A page whose code is gone after a deploy: reload once into the new build instead of showing an error.
    if (isChunkLoadError(error) && reloadOnceForNewBuild()) return;
    console.error("Page failed", error, info.componentStack);
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError />;
  }
}
