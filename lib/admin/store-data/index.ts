// Store data of the Admin API beyond catalog and sales: countries and states, return settings, configuration
// values, contact enquiries, stock per channel and the permission catalogue.
import type { AnyOperation } from "../../operations/define.ts";
import { countries, countryStates } from "./countries.ts";
import { returnCustomFields, returnReasons, returnStatuses } from "./return-settings.ts";
import { configValues } from "./config.ts";
import { operations as contactOperations } from "./contact-messages.ts";
import { inventories } from "./inventory.ts";
import { listPermissions } from "./permissions.ts";

export const storeDataOperations: AnyOperation[] = [
  ...countries.operations,
  ...countryStates.operations,
  ...returnReasons.operations,
  ...returnStatuses.operations,
  ...returnCustomFields.operations,
  ...configValues.operations,
  ...contactOperations,
  ...inventories.operations,
  listPermissions,
];
