// Regenerates tests/generated/shop-api.ts, the Shop API's TypeScript types, from the OpenAPI document served at
// /api/shop/docs (see tests/support/openapi-types.ts). Run it after changing an operation of the Shop API.
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import { SHOP_TYPES_FILE, shopDocument, shopTypes } from "../tests/support/openapi-types.ts";

writeFileSync(SHOP_TYPES_FILE, await shopTypes(await shopDocument()));
console.log(`wrote ${relative(process.cwd(), SHOP_TYPES_FILE)}`);
