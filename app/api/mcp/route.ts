import { mcpRoute } from "@/lib/mcp/handler";
import { shopOperations } from "@/lib/operations/shop";

const handler = mcpRoute("shop", () => shopOperations);
export { handler as GET, handler as POST, handler as DELETE };
