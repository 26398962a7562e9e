// Regenerates lib/openapi/types/shop-api.ts and admin-api.ts, the Shop and Admin APIs' TypeScript types, from the
// OpenAPI documents served at /api/shop/docs and /api/admin/docs (see tests/support/openapi-types.ts). Run it after
// changing an operation of either API.
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import { ADMIN_TYPES_FILE, SHOP_TYPES_FILE, adminDocument, adminTypes, shopDocument, shopTypes } from "../tests/support/openapi-types.ts";

writeFileSync(SHOP_TYPES_FILE, await shopTypes(await shopDocument()));
console.log(`wrote ${relative(process.cwd(), SHOP_TYPES_FILE)}`);
writeFileSync(ADMIN_TYPES_FILE, await adminTypes(await adminDocument()));
console.log(`wrote ${relative(process.cwd(), ADMIN_TYPES_FILE)}`);
