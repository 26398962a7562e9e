// The benchmark's floor (scripts/bench): a fixed JSON body of `bytes` bytes with no work behind it, so the bench
// can show what this server answers at most. It exists only in a server started with BENCH=1; otherwise a 404.
const bodies = new Map<number, string>();
const MAX_BYTES = 1_000_000;

/** A JSON array of strings, exactly `bytes` long (at least 4: `[""]`). */
function bodyOf(bytes: number): string {
  let body = bodies.get(bytes);
  if (!body) {
    body = JSON.stringify(["x".repeat(Math.max(0, bytes - 4))]);
    bodies.set(bytes, body);
  }
  return body;
}

export function GET(req: Request): Response {
  if (process.env.BENCH !== "1") return Response.json({ message: "Not Found" }, { status: 404 });
  const asked = Number(new URL(req.url).searchParams.get("bytes") ?? 1024);
  const bytes = Number.isInteger(asked) ? Math.min(Math.max(asked, 4), MAX_BYTES) : 1024;
  return new Response(bodyOf(bytes), { status: 200, headers: { "Content-Type": "application/json" } });
}
