import { escapeHtml } from "../mail/links";
import type { OpenApiDocument, OpenApiOperation, SessionNeed } from "./build-document";
import type { JsonSchema } from "./schemas";

/** The reference page's stylesheet, served as a file (/api/docs.css) so the page needs no inline style or script. */
export const REFERENCE_CSS = `body{font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a1a;background:#fff;margin:0}
main{max-width:64rem;margin:0 auto;padding:1.5rem 1rem 4rem}
a{color:#0b57d0}
h2{border-bottom:2px solid #ddd;margin-top:2.5rem}
article{border:1px solid #ddd;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
h3{font-size:1.05rem;margin:.25rem 0;word-break:break-all}
h4{font-size:.95rem;margin:.75rem 0 .25rem}
.method{display:inline-block;min-width:3.5rem;text-align:center;border-radius:.25rem;padding:0 .4rem;margin-right:.5rem;color:#fff;background:#444;font-size:.85rem}
.method-get{background:#0a6b32}.method-post{background:#0b57d0}.method-delete{background:#a50e0e}
.session{color:#444;margin:0}
table{border-collapse:collapse;width:100%;font-size:.9rem;table-layout:fixed}
th:nth-child(-n+3){width:9rem}
th,td{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
pre{background:#f4f4f4;padding:.5rem;border-radius:.25rem;overflow-x:auto;font-size:.8rem;margin:0}
dt{font-weight:600}dd{margin:0 0 .5rem 1rem}
nav ul{columns:2;padding-left:1.2rem}
@media (prefers-color-scheme:dark){body{background:#121212;color:#eee}a{color:#8ab4f8}pre{background:#1e1e1e}article,th,td,h2{border-color:#333}.session{color:#bbb}}`;

const sessionWords: Record<SessionNeed, string> = {
  none: "No session needed.",
  optional: "Session optional: guests are answered too, signed-in users are paid.",
  user: "Needs a session (the sign-in cookie).",
  earner: "Needs a session of a user whose email address is confirmed.",
  admin: "Needs an administrator's session.",
  editor: "Needs a content editor's or an administrator's session.",
};

/** A parameter's schema in a few words: `integer, 1–100, default 20`, `one of: general, science`. */
function schemaWords(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map(String).join(", ")}`;
  if (Array.isArray(schema.anyOf)) {
    return schema.anyOf.map((s) => schemaWords(typeof s === "object" && s ? { ...s } : {})).join(" or ");
  }
  const low = schema.minimum ?? schema.exclusiveMinimum ?? schema.minLength;
  const high = schema.maximum ?? schema.maxLength;
  return [
    String(schema.type ?? "any") + (schema.format ? ` (${String(schema.format)})` : ""),
    low !== undefined || high !== undefined ? `${String(low ?? "")}–${String(high ?? "")}` : "",
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** `code spans` of the notes as <code>. */
const inline = (text: string | undefined) => escapeHtml(text ?? "").replace(/`([^`]+)`/g, "<code>$1</code>");
const json = (schema: JsonSchema) => `<pre><code>${escapeHtml(JSON.stringify(schema, null, 2))}</code></pre>`;

function operationHtml(method: string, path: string, op: OpenApiOperation): string {
  const params = op.parameters.length
    ? `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? "yes" : "no"}</td><td>${escapeHtml(schemaWords(p.schema))}</td></tr>`,
        )
        .join("")}</tbody></table>`
    : "";
  const body = op.requestBody
    ? Object.entries(op.requestBody.content)
        .map(
          ([type, media]) =>
            `<h4>Request body (${type}${op.requestBody?.required ? ", required" : ""})</h4>${json(media.schema)}`,
        )
        .join("")
    : "";
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const schema = /^2/.test(status) ? r.content?.["application/json"]?.schema : undefined;
      return `<dt>${escapeHtml(status)}</dt><dd>${inline(r.description)}${schema ? json(schema) : ""}</dd>`;
    })
    .join("");
  return `<article id="${op.operationId}" aria-labelledby="${op.operationId}-title">
<h3 id="${op.operationId}-title"><span class="method method-${method}">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code></h3>
<p>${inline(op.summary ?? "")}</p>${op.description ? `<p>${inline(op.description)}</p>` : ""}
<p class="session">${sessionWords[op["x-session"]]}</p>${params}${body}
<h4>Responses</h4><dl>${responses}</dl>
</article>`;
}

/** The OpenAPI document as one server-rendered, script-free HTML page, grouped by tag. */
export function referencePage(doc: OpenApiDocument): string {
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const sections = doc.tags.map(({ name }) => {
    const ops = operations.filter((o) => o.op.tags.includes(name));
    return { name, ops };
  });
  const toc = sections
    .map((s) => `<li><a href="#tag-${escapeHtml(s.name)}">${escapeHtml(s.name)}</a> (${s.ops.length})</li>`)
    .join("");
  const body = sections
    .map(
      (s) =>
        `<section aria-labelledby="tag-${escapeHtml(s.name)}"><h2 id="tag-${escapeHtml(s.name)}">${escapeHtml(s.name)}</h2>${s.ops
          .map((o) => operationHtml(o.method, o.path, o.op))
          .join("\n")}</section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · ${escapeHtml(doc.info.title)}</title>
<link rel="stylesheet" href="/api/docs.css">
</head>
<body><main>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${inline(doc.info.description)}</p>
<p>${operations.length} operations. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${doc.openapi}).</p>
<h2>Errors</h2>
<p>Every error answer is this JSON (<code>ApiErrorBody</code>):</p>
${json(doc.components.schemas.ApiErrorBody ?? {})}
<nav aria-labelledby="toc"><h2 id="toc">Contents</h2><ul>${toc}</ul></nav>
${body}
</main></body>
</html>`;
}
