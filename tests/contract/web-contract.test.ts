import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The web calls the API through `hc<AppType>` (src/web/lib/api.ts), so its types come from the server's own
 * routes. This test type-checks the web app twice with the TypeScript compiler: as it is (no error), and with
 * one server answer changed in memory — the video catalogue answering `clips` instead of `videos` — which must
 * break the web's type-check where it reads the answer. If the route is rewritten, update `original` below.
 */
const root = path.resolve(import.meta.dirname, "../..");
const routesFile = path.join(root, "src/server/videos/videos.routes.ts");
const original = "c.json({ videos: await listVideos(deps.db) } satisfies VideosResponse)";
const changed = "c.json({ clips: await listVideos(deps.db) })";

function webProgram(replace?: { file: string; from: string; to: string }, oldProgram?: ts.Program) {
  const configFile = path.join(root, "tsconfig.json");
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error("tsconfig.json could not be read");
  const host = ts.createCompilerHost(parsed.options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (replace && path.resolve(fileName) === replace.file) {
      const text = ts.sys.readFile(fileName) ?? "";
      if (!text.includes(replace.from)) throw new Error(`${fileName} no longer contains: ${replace.from}`);
      return ts.createSourceFile(fileName, text.replace(replace.from, replace.to), languageVersion, true);
    }
    return getSourceFile(fileName, languageVersion, onError, shouldCreate);
  };
  const webFiles = parsed.fileNames.filter((f) => f.includes("/src/web/") && !f.includes(".test."));
  return ts.createProgram({ rootNames: webFiles, options: parsed.options, host, oldProgram });
}

/**
 * The web's type errors in `program`: every web file, or only `only` (paths from the root) — enough to show that a
 * changed answer breaks the files that read it, at a fraction of a whole check.
 */
function webErrors(program: ts.Program, only?: string[]) {
  return program
    .getSourceFiles()
    .filter((f) => f.fileName.includes("/src/web/"))
    .filter((f) => !only || only.includes(path.relative(root, f.fileName)))
    .flatMap((f) => program.getSemanticDiagnostics(f).concat(program.getSyntacticDiagnostics(f)))
    .map((d) => ({
      file: path.relative(root, d.file?.fileName ?? ""),
      message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    }));
}

/** The web as it is, built once: both tests start from it (each change is compiled against it as `oldProgram`). */
let asIsProgram: ts.Program | undefined;
const webAsIs = () => {
  asIsProgram ??= webProgram();
  return asIsProgram;
};

describe("the typed contract between server and web", () => {
  it("the web as it is type-checks without an error", () => {
    expect(webErrors(webAsIs())).toEqual([]);
  }, 240_000);

  it("a changed server answer breaks the web's type-check where the answer is read", () => {
    const asIs = webAsIs();
    const broken = webErrors(webProgram({ file: routesFile, from: original, to: changed }, asIs), [
      "src/web/features/videos/api/get-videos.ts",
    ]);
    expect(broken.length).toBeGreaterThan(0);
    expect(broken).toContainEqual({
      file: "src/web/features/videos/api/get-videos.ts",
      message: expect.stringContaining("videos"),
    });
  }, 240_000);

  it("a changed response schema of src/core/api breaks the web's type-check: the auth calls and the entry chunk's", () => {
    const asIs = webAsIs();
    const authFile = path.join(root, "src/core/api/auth.ts");
    const signIn = webErrors(
      webProgram(
        {
          file: authFile,
          from: "  url: z.string().nullish(),\n  user: authUserSchema,",
          to: "  url: z.string().nullish(),\n  account: authUserSchema,",
        },
        asIs,
      ),
      ["src/web/features/auth/api/sign-in.ts"],
    );
    expect(signIn).toContainEqual({
      file: "src/web/features/auth/api/sign-in.ts",
      message: expect.stringContaining("user"),
    });
    const accountFile = path.join(root, "src/core/api/account.ts");
    const balance = webErrors(
      webProgram(
        { file: accountFile, from: "  pending: z.number().int(),", to: "  held: z.number().int()," },
        asIs,
      ),
      ["src/web/lib/balance.ts"],
    );
    expect(balance.map((e) => e.file)).toEqual(expect.arrayContaining(["src/web/lib/balance.ts"]));
  }, 240_000);
});
