import { Webhooks } from "@/lib/ui/admin/settings/webhooks";

export default function WebhooksPage() {
  return <Webhooks />;
}
