// Every Shop API operation. The GraphQL schema, the OpenAPI document and the route-coverage test read this list.
import type { AnyOperation } from "./define.ts";
import * as catalog from "../catalog/operations.ts";
import * as store from "../store/operations.ts";
import * as cms from "../cms/operations.ts";
import * as customers from "../customers/operations.ts";
import * as newsletter from "../newsletter/operations.ts";
import * as contact from "../contact/operations.ts";
import * as cart from "../cart/operations.ts";
import * as checkout from "../checkout/operations.ts";
import * as returns from "../returns/operations.ts";

export const shopOperations: AnyOperation[] = [
  ...Object.values(catalog),
  ...Object.values(store),
  ...Object.values(cms),
  ...Object.values(customers),
  ...Object.values(newsletter),
  ...Object.values(contact),
  ...Object.values(cart),
  ...Object.values(checkout),
  ...Object.values(returns),
];
