import { mcpRoute } from "@/lib/mcp/handler";
import { adminOperations } from "@/lib/operations/admin";

const handler = mcpRoute("admin", () => adminOperations);
export { handler as GET, handler as POST, handler as DELETE };
