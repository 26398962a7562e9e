// The answer recorder (scripts/compare-answers.ts): with API_ANSWERS_DIR set, every answer a test gets through
// `dispatch` (tests/support/app.ts) is appended, with the test that asked and the request, to one JSON-lines file per
// worker process. Two runs of the API suite (two builds, two databases) are then compared answer by answer. Off, it
// costs one check per call.
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";

const dir = process.env.API_ANSWERS_DIR;
export const recordingAnswers = !!dir;

export interface RecordedAnswer {
  /** The test file (relative to the project) and the test's full name. */
  test: string;
  method: string;
  /** Path and query as sent. */
  url: string;
  status: number;
  contentType: string | null;
  body: string;
}

/** Appends `res`'s answer (read from a clone: the test reads the original). */
export async function recordAnswer(req: Request, res: Response): Promise<void> {
  const { testPath, currentTestName } = expect.getState();
  const url = new URL(req.url);
  const record: RecordedAnswer = {
    test: `${path.relative(process.cwd(), testPath ?? "?")} > ${currentTestName ?? "?"}`,
    method: req.method,
    url: url.pathname + url.search,
    status: res.status,
    contentType: res.headers.get("content-type"),
    body: res.body ? await res.clone().text() : "",
  };
  fs.mkdirSync(dir!, { recursive: true });
  fs.appendFileSync(path.join(dir!, `answers-${process.pid}.jsonl`), JSON.stringify(record) + "\n");
}
