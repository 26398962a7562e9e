// Any path under /api/shop that no route serves: a JSON 404 (or, for a known path, a 405 with Allow): lib/http/unrouted.ts.
export { GET, POST, PUT, PATCH, DELETE } from "@/lib/http/unrouted";
