import { Reports } from "@/lib/ui/admin/reports/reports";

export const metadata = { title: "Reports · Store admin" };

export default function AdminReportsPage() {
  return <Reports />;
}
