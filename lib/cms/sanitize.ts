// Store HTML (CMS pages, product and category descriptions) is written by admins and imports but shown to every
// shopper, by our reference storefront and by every other client's, so it is cleaned on the way in (sanitize-html):
// an allowlist of tags and attributes, URLs limited to safe schemes, script-like elements dropped with their
// content.
import sanitize from "sanitize-html";

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    "a", "abbr", "article", "aside", "b", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd", "del",
    "div", "dl", "dt", "em", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "i",
    "img", "ins", "kbd", "li", "main", "mark", "nav", "ol", "p", "pre", "q", "s", "section", "small", "span", "strong",
    "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "u", "ul",
  ],
  allowedAttributes: {
    "*": ["class", "id", "title", "lang", "dir"],
    a: ["href", "target", "rel", "name"],
    img: ["src", "alt", "width", "height", "loading"],
    td: ["colspan", "rowspan", "align"],
    th: ["colspan", "rowspan", "align", "scope"],
    col: ["span"],
    colgroup: ["span"],
    ol: ["start", "type"],
    time: ["datetime"],
    blockquote: ["cite"],
    q: ["cite"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  // Dropped with everything inside them, not unwrapped into text.
  nonTextTags: ["script", "style", "iframe", "object", "embed", "template", "noscript", "textarea", "select", "svg", "math", "frameset", "frame", "title"],
  transformTags: {
    // A link that opens a new window cannot reach back into this one.
    a: (tagName, attribs) =>
      attribs.target === "_blank" && !attribs.rel ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } } : { tagName, attribs },
  },
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
