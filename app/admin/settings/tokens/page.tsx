import { IntegrationTokens } from "@/lib/ui/admin/settings/tokens";

export default function IntegrationTokensPage() {
  return <IntegrationTokens />;
}
