import { health } from "@/lib/health";
import { json } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

export async function GET() {
  const report = await health();
  return json(report, report.status === "ok" ? 200 : 503);
}
