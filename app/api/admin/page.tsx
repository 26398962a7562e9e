import { ApiExplorer } from "@/lib/ui/api-explorer";

export const metadata = { title: "Admin API explorer" };

export default function AdminExplorer() {
  return <ApiExplorer title="Admin API" url="/api/admin/docs" graphqlUrl="/api/admin/graphql" />;
}
