import { health } from "@/lib/health";
import { json } from "@/lib/http/respond";
import { isDraining } from "@/lib/http/drain";

export const dynamic = "force-dynamic";

export async function GET() {
  const report = await health();
  // A draining instance (SIGTERM received) finishes its requests but asks the load balancer for no new ones.
  if (isDraining()) return json({ ...report, status: "draining" }, 503);
  return json(report, report.status === "ok" ? 200 : 503);
}
