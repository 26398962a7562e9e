import { Webhooks } from "@/lib/ui/admin/webhooks";

export default function WebhooksPage() {
  return <Webhooks />;
}
