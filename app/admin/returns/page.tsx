import { ReturnsList } from "@/lib/ui/admin/returns/list";

export default function ReturnsPage() {
  return <ReturnsList />;
}
