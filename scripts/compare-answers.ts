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

const ID_KEY = /^(id|_id|incrementId|position|cursor|nextCursor)$|(Id|_id|Ids)$/;
const MASKS: [RegExp, string][] = [
  [/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, "<time>"],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<uuid>"],
  [/\d+x[0-9a-z]+x\d+/g, "<u>"], // tests/support/client.ts `unique`
  [/-\d+-[0-9a-z]{6,}-\d+/g, "-<u>"], // tests/support/orders.ts skus
  [/\d+\|[A-Za-z0-9_-]{16,}/g, "<token>"],
  [/[A-Za-z0-9_\-+/=]{24,}/g, "<token>"],
  [/\/\d+(?=[/?#"]|$)/g, "/<n>"],
  [/\b\d{9}\b/g, "<n>"], // order and invoice numbers
];

const maskText = (text: string) => MASKS.reduce((t, [re, to]) => t.replace(re, to), text);

function maskValue(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => maskValue(v, key));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(v, k)]));
  if (ID_KEY.test(key) && (typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value)))) return "<id>";
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
  if (onlyA.length || onlyB.length) {
    differing.push([`✗ ${test}`, ...onlyA.map((v) => `  A: ${v.slice(0, 400)}`), ...onlyB.map((v) => `  B: ${v.slice(0, 400)}`)].join("\n"));
  }
}
console.log(`${a.size} tests in A, ${b.size} in B; ${answers} answers, ${same} the same in both`);
if (differing.length) console.log(`${differing.length} tests with answers that differ:\n${differing.join("\n")}`);
process.exit(differing.length ? 1 : 0);
