// The panel's data: the Admin API's operations, authenticated by the panel session (lib/admin-session).
import { dispatchPanelRequest } from "@/lib/admin-session/http";

type Route = { params: Promise<{ path: string[] }> };
const handle = async (req: Request, { params }: Route) => dispatchPanelRequest(req, (await params).path);

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
