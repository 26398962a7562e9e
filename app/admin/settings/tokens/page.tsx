import { IntegrationTokens } from "@/lib/ui/admin/tokens";

export default function IntegrationTokensPage() {
  return <IntegrationTokens />;
}
