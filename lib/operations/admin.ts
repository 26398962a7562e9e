// Every Admin API operation. The admin GraphQL schema, the OpenAPI document and the route-coverage test read this list.
import type { AnyOperation } from "./define.ts";

export const adminOperations: AnyOperation[] = [];
