import { ApiExplorer } from "@/lib/ui/api-explorer";

export const metadata = { title: "Shop API explorer" };

export default function ShopExplorer() {
  return <ApiExplorer title="Shop API" url="/api/shop/docs" graphqlUrl="/api/graphql" />;
}
