// Settings operations of the Admin API: credentials and the people and roles behind them.
import type { AnyOperation } from "../../operations/define.ts";
import { operations as integrationOperations } from "./integrations.ts";
import { operations as storefrontKeyOperations } from "./storefront-keys.ts";
import { adminUsers } from "./users.ts";
import { roles } from "./roles.ts";
import { channels, currencies, exchangeRates, locales } from "./store.ts";
import { paymentMethods, shippingMethods } from "./methods.ts";

export const settingsOperations: AnyOperation[] = [
  ...integrationOperations,
  ...storefrontKeyOperations,
  ...adminUsers.operations,
  ...roles.operations,
  ...channels.operations,
  ...locales.operations,
  ...currencies.operations,
  ...exchangeRates.operations,
  ...shippingMethods.operations,
  ...paymentMethods.operations,
];
