import { graphqlRoute } from "@/lib/graphql/handler";
import { shopOperations } from "@/lib/operations/shop";

const handler = graphqlRoute("shop", "/api/graphql", () => shopOperations);
export { handler as GET, handler as POST };
