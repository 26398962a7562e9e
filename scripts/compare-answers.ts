// Compares the answers of two recorded runs of the API suite (tests/support/answers.ts), for a change that must not
// change any answer (a data-layer rework): every test's answers, status, content type and body, one run against the
// other. Record each run on its own build and database, one file at a time in a fixed order, so both make the same
// rows in the same order:
//   API_ANSWERS_DIR=/tmp/answers-a npx vitest run tests/api --no-file-parallelism --sequence.shuffle.files --sequence.seed=1
// then `npx tsx scripts/compare-answers.ts /tmp/answers-a /tmp/answers-b`. Values that differ from run to run by
// nature are masked first: times, the tests' unique names, tokens, UUIDs, and ids (rows of other tables move them).
// Within a test, answers are compared as a set (a test may send calls at once). Exits 1 when some answer differs.
import fs from "node:fs";
import path from "node:path";
import type { RecordedAnswer } from "../tests/support/answers.ts";

/** Keys whose values are ids, places or versions: they follow the rows other tests made, or the clock. */
const VARYING_KEY = /^(id|_id|incrementId|position|cursor|nextCursor|startCursor|endCursor|version|durationMs|latencyMs|keyPrefix|key|secret|token|apiToken|cartToken|accessToken|lastUsedAt)$|(Id|_id|Ids)$/;
const MASKS: [RegExp, string][] = [
  [/\d{4}-\d{2}-\d{2}[T ]\d{2}(:|%3A)\d{2}((:|%3A)\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, "<time>"],
  [/whsec_[A-Za-z0-9+/=]+/g, "<secret>"],
  [/\b(product|order|customer|invoice|shipment|refund|review):\d+\b/g, "$1:<n>"], // event subjects
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<uuid>"],
  [/-\d{3,}-[0-9a-z]{5,}-[0-9a-z]+/gi, "-<u>"], // the tests' skus: prefix-pid-time-serial
  [/\d+x[0-9a-z]+x\d+/gi, "<u>"], // tests/support/client.ts `unique`, also upper-cased
  [/(\/\/(127\.0\.0\.1|localhost|\[::1\])):\d+/g, "$1:<port>"], // stand-ins and receivers on ports of their own
  [/nonce-[A-Za-z0-9+/=]+|nonce="[^"]*"/g, "nonce"],
  [/\d+\|[A-Za-z0-9_-]{16,}/g, "<token>"],
  [/(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{24,}/g, "<token>"],
  [/\/\d+(?=[/?#"]|$)/g, "/<n>"],
  [/\b\d{9}\b|#\d+/g, "<n>"], // order and invoice numbers
  [/\b1\d{12}\b/g, "<ms>"], // times in milliseconds
];

const maskText = (text: string) => MASKS.reduce((t, [re, to]) => t.replace(re, to), text);

function maskValue(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => maskValue(v, key));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(v, k)]));
  if (VARYING_KEY.test(key) && (typeof value === "number" || typeof value === "string")) return "<id>";
  return typeof value === "string" ? maskText(value) : value;
}

function masked(a: RecordedAnswer): string {
  let body: string;
  try {
    body = JSON.stringify(maskValue(JSON.parse(a.body)));
  } catch {
    body = maskText(a.body);
  }
  return `${a.method} ${maskText(a.url)} → ${a.status} ${a.contentType ?? "-"} ${body}`;
}

function load(dir: string): Map<string, string[]> {
  const byTest = new Map<string, string[]>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
    for (const line of fs.readFileSync(path.join(dir, file), "utf8").split("\n")) {
      if (!line) continue;
      const answer = JSON.parse(line) as RecordedAnswer;
      const list = byTest.get(answer.test) ?? [];
      list.push(masked(answer));
      byTest.set(answer.test, list);
    }
  }
  for (const list of byTest.values()) list.sort();
  return byTest;
}

/** The answers only one run gave, paired in order, each shown around where the pair first differs. */
function pairs(onlyA: string[], onlyB: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(onlyA.length, onlyB.length); i++) {
    const [x, y] = [onlyA[i] ?? "", onlyB[i] ?? ""];
    let at = 0;
    while (at < x.length && x[at] === y[at]) at++;
    const head = x.slice(0, x.indexOf(" → ") + 1);
    const around = (v: string) => (at > 120 ? "…" : "") + v.slice(Math.max(0, at - 120), at + 200);
    out.push(`  ${head}`, `    A: ${x ? around(x) : "(none)"}`, `    B: ${y ? around(y) : "(none)"}`);
  }
  return out;
}

const [dirA, dirB] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error("usage: tsx scripts/compare-answers.ts <recorded run A> <recorded run B>");
  process.exit(2);
}
const [a, b] = [load(dirA), load(dirB)];
let same = 0;
let answers = 0;
const differing: string[] = [];
for (const test of new Set([...a.keys(), ...b.keys()])) {
  const [x, y] = [a.get(test) ?? [], b.get(test) ?? []];
  answers += Math.max(x.length, y.length);
  const ys = new Map<string, number>();
  for (const v of y) ys.set(v, (ys.get(v) ?? 0) + 1);
  const onlyA: string[] = [];
  for (const v of x) {
    const n = ys.get(v) ?? 0;
    if (n) ys.set(v, n - 1);
    else onlyA.push(v);
  }
  const onlyB = [...ys].flatMap(([v, n]) => Array<string>(n).fill(v));
  same += x.length - onlyA.length;
  if (onlyA.length || onlyB.length) differing.push([`✗ ${test}`, ...pairs(onlyA, onlyB)].join("\n"));
}
console.log(`${a.size} tests in A, ${b.size} in B; ${answers} answers, ${same} the same in both`);
if (differing.length) console.log(`${differing.length} tests with answers that differ:\n${differing.join("\n")}`);
process.exit(differing.length ? 1 : 0);
