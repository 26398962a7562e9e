import { ReturnDetail } from "@/lib/ui/admin/returns/detail";

export default function ReturnPage() {
  return <ReturnDetail />;
}
