import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionState, SessionUser } from "~/web/lib/session";
import { SessionGate, type SessionGateProps } from "./session-gate";

// A server render always reads the store's first state ("loading", what the prerendered pages hydrate); the
// other states are set here.
const session = vi.hoisted(() => ({ state: { status: "loading", user: null, event: null } as SessionState }));
vi.mock("~/web/lib/session", () => ({ useSession: () => session.state }));
const setSession = (user: SessionUser | null) => {
  session.state = { status: user ? "signed-in" : "signed-out", user, event: null };
};

const alice: SessionUser = { id: "u1", email: "alice@example.test", role: "user" };

function render(props: SessionGateProps): string {
  return renderToStaticMarkup(
    createElement(StaticRouter, { location: "/wallet" }, createElement(SessionGate, props)),
  );
}

const members = (frame?: (content: ReactNode) => ReactNode): SessionGateProps => ({
  message: "Please log in to view your wallet.",
  frame,
  children: (user) => createElement("p", null, `wallet of ${user.email}`),
});

describe("SessionGate", () => {
  beforeEach(() => {
    session.state = { status: "loading", user: null, event: null };
  });

  it("shows the spinner, and nothing of the page, while the first check runs", () => {
    const html = render(members());
    expect(html).toBe(
      '<div class="flex justify-center"><span role="status" class="inline-flex items-center gap-2 text-muted-foreground">' +
        '<span aria-hidden="true" class="size-6 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"></span>' +
        '<span class="sr-only">Loading</span></span></div>',
    );
  });

  it("gives a guest the page's message and a log-in link that comes back", () => {
    setSession(null);
    const html = render(members());
    expect(html).toContain("Please log in to view your wallet.");
    expect(html).toContain('href="/auth?redirectTo=%2Fwallet"');
    expect(html).toContain(">Log in</a>");
    expect(html).not.toContain("wallet of");
  });

  it("uses the page's link label and frame for a guest", () => {
    setSession(null);
    const html = render({
      ...members((content) => createElement("section", null, content)),
      linkLabel: "Login / Register",
    });
    expect(html).toMatch(/^<section><div class="mx-auto flex max-w-md/);
    expect(html).toContain(">Login / Register</a>");
  });

  it("renders the page for the signed-in user, without the frame or the prompt", () => {
    setSession(alice);
    expect(render(members((content) => createElement("section", null, content)))).toBe(
      "<p>wallet of alice@example.test</p>",
    );
  });

  it("lets guests use a page that welcomes them, below the prompt if it has a message", () => {
    const page = (user: SessionUser | null) => createElement("p", null, user ? user.email : "guest game");
    setSession(null);
    const guest = render({ guests: true, message: "Log in to watch videos and earn coins.", children: page });
    expect(guest).toMatch(/Log in to watch videos and earn coins\..*<p>guest game<\/p>$/);
    expect(render({ guests: true, children: page })).toBe("<p>guest game</p>");
    setSession(alice);
    expect(render({ guests: true, message: "Log in to watch videos and earn coins.", children: page })).toBe(
      "<p>alice@example.test</p>",
    );
  });
});
