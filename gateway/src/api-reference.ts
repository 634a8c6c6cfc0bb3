import { API_TAGS, buildOpenApiDocument, type JsonObject } from '@garage/contracts';

/**
 * The API reference: the OpenAPI document generated from the contracts, and a page that reads it
 * for people. The page is plain HTML rendered here, with no script and nothing fetched from
 * elsewhere, so it works offline and under the gateway's CSP unchanged. Both are built once, on
 * the first request (generating takes ~0.1 s, which the gateway's start need not pay).
 */
let built: { json: string; html: string } | undefined;

export function apiReference(): { json: string; html: string } {
  if (!built) {
    const document = buildOpenApiDocument();
    built = { json: JSON.stringify(document), html: renderPage(document) };
  }
  return built;
}

interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required: boolean; description?: string; schema: JsonObject }>;
  requestBody?: { content: Record<string, { schema?: JsonObject; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: JsonObject; example?: unknown }> }>;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The little Markdown the descriptions use: `code` and "- " bullet lines. */
function prose(text: string): string {
  const inline = (line: string) => escape(line).replace(/`([^`]+)`/g, '<code>$1</code>');
  const blocks = text.split(/\n\n+/).map((block) => {
    const lines = block.split('\n');
    if (lines.every((line) => line.startsWith('- ')))
      return `<ul>${lines.map((line) => `<li>${inline(line.slice(2))}</li>`).join('')}</ul>`;
    return `<p>${inline(block)}</p>`;
  });
  return blocks.join('');
}

/** Pretty JSON with every `$ref` a link to its schema on the page. */
function code(value: unknown): string {
  return `<pre>${escape(JSON.stringify(value, null, 2)).replace(
    /&quot;#\/components\/schemas\/([A-Za-z]+)&quot;/g,
    '<a href="#schema-$1">&quot;#/components/schemas/$1&quot;</a>',
  )}</pre>`;
}

function typeOf(schema: JsonObject): string {
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
  return schema.pattern ? `${type} (${String(schema.pattern)})` : type;
}

function access(operation: Operation): string {
  if (operation.security.length === 0) return 'No token';
  return operation.security.some((requirement) => Object.keys(requirement).length === 0) ? 'Token optional' : 'Bearer token required';
}

/** A named schema (or a list of one) is a link; any other shape unfolds in place. */
function renderSchema(schema: JsonObject | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return '';
  const named = (value: unknown) => (typeof value === 'string' ? /^#\/components\/schemas\/([A-Za-z]+)$/.exec(value)?.[1] : undefined);
  const single = named(schema.$ref);
  if (single) return ` <a href="#schema-${single}">${single}</a>`;
  const item = schema.type === 'array' ? named((schema.items as JsonObject | undefined)?.$ref) : undefined;
  if (item) return ` <a href="#schema-${item}">${item}</a>[]`;
  return `<details><summary>Schema</summary>${code(schema)}</details>`;
}

function renderContent(content: Record<string, { schema?: JsonObject; example?: unknown }>): string {
  return Object.entries(content)
    .map(
      ([media, body]) =>
        `<div class="media"><code>${escape(media)}</code>${renderSchema(body.schema)}` +
        (body.example !== undefined ? `<details><summary>Example</summary>${code(body.example)}</details>` : '') +
        '</div>',
    )
    .join('');
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const parameters = operation.parameters?.length
    ? `<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th></tr>${operation.parameters
        .map(
          (parameter) =>
            `<tr><td><code>${escape(parameter.name)}</code></td><td>${escape(parameter.in)}</td><td>${escape(typeOf(parameter.schema))}${
              parameter.description ? ` — ${escape(parameter.description)}` : ''
            }</td><td>${parameter.required ? 'yes' : 'no'}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const body = operation.requestBody ? `<h4>Request body</h4>${renderContent(operation.requestBody.content)}` : '';
  const responses = `<h4>Responses</h4><table><tr><th>Status</th><th>Meaning</th></tr>${Object.entries(operation.responses)
    .map(
      ([status, response]) =>
        `<tr><td class="status s${status[0]}">${escape(status)}</td><td>${prose(response.description)}${
          response.content ? renderContent(response.content) : ''
        }</td></tr>`,
    )
    .join('')}</table>`;
  return `<section class="operation" id="${escape(operation.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p class="summary">${escape(operation.summary)} <span class="access">${access(operation)}</span></p>
${operation.description ? prose(operation.description) : ''}${parameters}${body}${responses}
</section>`;
}

function renderPage(document: JsonObject): string {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const schemas = (document.components as { schemas: Record<string, JsonObject> }).schemas;
  const info = document.info as { title: string; version: string; description: string };
  const operationsByTag = new Map<string, Array<{ method: string; path: string; operation: Operation }>>(
    Object.keys(API_TAGS).map((tag) => [tag, []]),
  );
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) operationsByTag.get(operation.tags[0]!)?.push({ method, path, operation });
  }
  const tagId = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  const nav = [...operationsByTag.keys()].map((tag) => `<li><a href="#${tagId(tag)}">${escape(tag)}</a></li>`).join('');
  const sections = [...operationsByTag.entries()]
    .map(([tag, operations]) => {
      const index = operations
        .map(
          ({ method, path, operation }) =>
            `<li><a href="#${escape(operation.operationId)}"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></a> ${escape(operation.summary)}</li>`,
        )
        .join('');
      const details = operations.map(({ method, path, operation }) => renderOperation(method, path, operation)).join('\n');
      return `<h2 id="${tagId(tag)}">${escape(tag)}</h2><p>${escape(API_TAGS[tag as keyof typeof API_TAGS])}</p><ul class="index">${index}</ul>\n${details}`;
    })
    .join('\n');
  const schemaSections = Object.entries(schemas)
    .map(([name, schema]) => `<section class="schema" id="schema-${escape(name)}"><h3>${escape(name)}</h3>${code(schema)}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(info.title)} reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1c1917;background:#fafaf9}
header,main{max-width:60rem;margin:0 auto;padding:0 1rem}
header{padding-top:1.5rem}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;list-style:none}
h2{margin-top:2.5rem;border-bottom:2px solid #d6d3d1}
.operation,.schema{background:#fff;border:1px solid #e7e5e4;border-radius:.5rem;padding:.25rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4rem;text-align:center;border-radius:.25rem;color:#fff;font-size:.8rem;padding:.1rem .4rem}
.get{background:#2563eb}.post{background:#16a34a}.put{background:#d97706}.delete{background:#dc2626}
.access{font-size:.8rem;color:#57534e;border:1px solid #d6d3d1;border-radius:1rem;padding:0 .5rem;margin-left:.5rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;border-top:1px solid #e7e5e4;padding:.3rem .5rem}
.status{font-weight:600;width:4rem}.s2,.s3{color:#15803d}.s4,.s5{color:#b91c1c}
pre{background:#f5f5f4;padding:.5rem;overflow-x:auto;font-size:.8rem}
code{font-family:ui-monospace,monospace;font-size:.9em}
.index{list-style:none;padding:0}.index li{margin:.2rem 0}.index a{text-decoration:none}.index .method{font-size:.7rem}
.media{margin:.25rem 0}details{margin:.25rem 0}summary{cursor:pointer;color:#44403c}
</style>
</head>
<body>
<header>
<h1>${escape(info.title)} <small>${escape(info.version)}</small></h1>
<p>The machine-readable document: <a href="/api/docs/openapi.json">OpenAPI 3.1 (JSON)</a>.</p>
${prose(info.description)}
<nav><ul>${nav}<li><a href="#schemas">Schemas</a></li></ul></nav>
</header>
<main>
${sections}
<h2 id="schemas">Schemas</h2>
${schemaSections}
</main>
</body>
</html>
`;
}
