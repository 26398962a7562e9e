import { graphqlRoute } from "@/lib/graphql/handler";
import { adminOperations } from "@/lib/operations/admin";

const handler = graphqlRoute("admin", "/api/admin/graphql", () => adminOperations);
export { handler as GET, handler as POST };
