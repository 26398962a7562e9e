// CMS HTML is written by admins but shown to every shopper, so it is cleaned on the way in: an allowlist of tags
// and attributes, URLs limited to safe schemes, script-like elements dropped with their content. (A small hand-made
// allowlist: the project may install only the export libraries; `sanitize-html` would be the drop-in upgrade.)

const ALLOWED_TAGS = new Set([
  "a", "abbr", "article", "aside", "b", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd", "del",
  "div", "dl", "dt", "em", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "i",
  "img", "ins", "kbd", "li", "main", "mark", "nav", "ol", "p", "pre", "q", "s", "section", "small", "span", "strong",
  "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "u", "ul",
]);
const VOID_TAGS = new Set(["br", "hr", "img", "col"]);
/** Elements whose content is code or an embedded document: dropped entirely. */
const DROP_WITH_CONTENT = ["script", "style", "iframe", "object", "embed", "template", "noscript", "textarea", "select", "svg", "math", "frameset", "frame"];

const GLOBAL_ATTRS = new Set(["class", "id", "title", "lang", "dir"]);
const TAG_ATTRS: Record<string, Set<string>> = {
  a: new Set(["href", "target", "rel", "name"]),
  img: new Set(["src", "alt", "width", "height", "loading"]),
  td: new Set(["colspan", "rowspan", "align"]),
  th: new Set(["colspan", "rowspan", "align", "scope"]),
  col: new Set(["span"]),
  colgroup: new Set(["span"]),
  ol: new Set(["start", "type"]),
  time: new Set(["datetime"]),
  blockquote: new Set(["cite"]),
  q: new Set(["cite"]),
};
const URL_ATTRS = new Set(["href", "src", "cite"]);
const SAFE_URL = /^(?:https?:|mailto:|tel:|\/|#|\.{0,2}\/|[^:]*$)/i;

const decodeEntities = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;|&newline;/gi, "")
    .replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function safeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("jav&#9;ascript:").
  const plain = decodeEntities(value).replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  return SAFE_URL.test(plain);
}

const ATTR = /([^\s"'=<>/`]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function cleanAttributes(tag: string, source: string): string {
  const allowed = TAG_ATTRS[tag];
  const out: string[] = [];
  for (const m of source.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    if (!(GLOBAL_ATTRS.has(name) || allowed?.has(name))) continue;
    const value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
    if (URL_ATTRS.has(name) && !safeUrl(value)) continue;
    out.push(` ${name}="${escapeAttr(value)}"`);
  }
  if (tag === "a" && out.some((a) => a.startsWith(' target="_blank"')) && !out.some((a) => a.startsWith(" rel="))) out.push(' rel="noopener noreferrer"');
  return out.join("");
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

export function sanitizeHtml(html: string): string {
  let s = html.replace(/<!--[\s\S]*?(?:-->|$)/g, "").replace(/<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/gi, "").replace(/<![^>]*>/g, "").replace(/<\?[\s\S]*?(?:\?>|$)/g, "");
  for (const tag of DROP_WITH_CONTENT) {
    s = s.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(?:<\\/${tag}\\s*>|$)`, "gi"), "");
  }
  let out = "";
  let last = 0;
  for (const m of s.matchAll(TAG)) {
    out += escapeText(s.slice(last, m.index));
    last = m.index + m[0].length;
    const [, closing, rawName, attrs] = m;
    const tag = rawName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) continue;
    if (closing) out += VOID_TAGS.has(tag) ? "" : `</${tag}>`;
    else out += `<${tag}${cleanAttributes(tag, attrs)}${VOID_TAGS.has(tag) ? " /" : ""}>`;
  }
  return out + escapeText(s.slice(last));
}

/** Text keeps its entities; a stray `<` or `>` becomes one. */
const escapeText = (s: string) => s.replace(/</g, "&lt;").replace(/>/g, "&gt;");
