import { publicImageRoute } from "@/lib/storage/public";

export const GET = publicImageRoute;
