import { currentSession, endSession, startSession } from "@/lib/admin-session/routes";

export const GET = currentSession;
export const POST = startSession;
export const DELETE = endSession;
