import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRouter } from "./router";
import { ASSET_CACHE_CONTROL, HTML_CACHE_CONTROL, mountSpa } from "./spa";

const shell = '<!doctype html><html><body><div id="root"></div></body></html>';
const page = (text: string) =>
  `<!doctype html><html><body><div id="root"><h1>${text}</h1></div></body></html>`;

function webRoot(withPages: boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), "ple-spa-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), shell);
  writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log(1);\n");
  if (withPages) {
    mkdirSync(path.join(dir, "pages"));
    writeFileSync(path.join(dir, "pages", "index.html"), page("Home"));
    writeFileSync(path.join(dir, "pages", "games__tic-tac-toe.html"), page("Tic Tac Toe"));
    writeFileSync(path.join(dir, "pages", "404.html"), page("Page Not Found"));
    writeFileSync(path.join(dir, "pages", "wallet.html"), page("Wallet: loading"));
    writeFileSync(path.join(dir, "pages", "wallet.guest.html"), page("Wallet: please log in"));
    writeFileSync(
      path.join(dir, "pages.json"),
      JSON.stringify({
        pages: {
          "/": "index.html",
          "/games/tic-tac-toe": "games__tic-tac-toe.html",
          "/wallet": "wallet.html",
        },
        guestPages: { "/wallet": "wallet.guest.html" },
        notFound: "404.html",
        dynamic: ["/videos/:id"],
      }),
    );
  }
  return dir;
}

const dirs: string[] = [];
function appWith(withPages: boolean) {
  const dir = webRoot(withPages);
  dirs.push(dir);
  const app = createRouter();
  mountSpa(app, dir);
  return app;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("serving the built web app", () => {
  const app = appWith(true);

  it("answers a route with its prerendered HTML, cached briefly and revalidated by ETag", async () => {
    const res = await app.request("/games/tic-tac-toe");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<h1>Tic Tac Toe</h1>");
    expect(res.headers.get("cache-control")).toBe(HTML_CACHE_CONTROL);
    const etag = res.headers.get("etag") ?? "";
    expect(etag).toMatch(/^".+"$/);
    const again = await app.request("/games/tic-tac-toe", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect((await app.request("/games/tic-tac-toe/")).status).toBe(200);
    expect(await (await app.request("/")).text()).toContain("<h1>Home</h1>");
  });

  it("answers a URL with a query string with the shell, which the browser renders", async () => {
    const res = await app.request("/games/tic-tac-toe?from=mail");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(shell);
  });

  it("answers an unknown path with the 404 page and status 404, but a route with parameters with the shell", async () => {
    const missing = await app.request("/no/such/page");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page Not Found");
    expect(missing.headers.get("cache-control")).toBe("no-cache");
    const dynamic = await app.request("/videos/intro");
    expect(dynamic.status).toBe(200);
    expect(await dynamic.text()).toBe(shell);
  });

  it("caches hashed assets for a year", async () => {
    const res = await app.request("/assets/app-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(ASSET_CACHE_CONTROL);
  });

  it("without prerendered pages answers every path with the shell", async () => {
    const plain = appWith(false);
    for (const p of ["/", "/games/tic-tac-toe", "/no/such/page"]) {
      const res = await plain.request(p);
      expect(res.status, p).toBe(200);
      expect(await res.text(), p).toBe(shell);
    }
  });

  it("sends a page's form posted before the app ran back to the page, and keeps API posts 404", async () => {
    const app = appWith(true);
    const res = await app.request("/auth", { method: "POST", body: "email=a%40b.c&password=secret" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/auth");
    expect(await res.text()).not.toContain("secret");
    const doubled = await app.request("http://localhost//evil.example/x", { method: "POST" });
    expect(doubled.headers.get("location")).toBe("/evil.example/x");
    for (const path of ["/api/nope", "/dev/nope", "/media/nope"])
      expect((await app.request(path, { method: "POST" })).status, path).toBe(404);
  });

  it("sends a browser without a session cookie the guest's variant of a page, and the other one otherwise", async () => {
    const app = appWith(true);
    const guest = await app.request("/wallet", { headers: { cookie: "theme=dark" } });
    expect(await guest.text()).toContain("Wallet: please log in");
    expect(guest.headers.get("vary")).toBe("Cookie");
    for (const cookie of [
      "better-auth.session_token=abc.def",
      "a=1; __Secure-better-auth.session_token=abc.def",
    ]) {
      const res = await app.request("/wallet", { headers: { cookie } });
      expect(await res.text(), cookie).toContain("Wallet: loading");
    }
    // A page without a guest variant is the same for everyone.
    expect(await (await app.request("/")).text()).toContain("Home");
  });
});
