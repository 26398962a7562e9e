// Every Admin API operation. The admin GraphQL schema, the OpenAPI document and the route-coverage test read this list.
import type { AnyOperation } from "./define.ts";
import { settingsOperations } from "../admin/settings/index.ts";
import { operations as cmsOperations } from "../cms/admin.ts";
import { operations as reportingOperations } from "../reporting/operations.ts";
import { catalogOperations } from "../admin/catalog/index.ts";
import { customerOperations } from "../admin/customers/index.ts";
import { salesOperations } from "../admin/sales/index.ts";
import { marketingOperations } from "../admin/marketing/index.ts";
import { operations as gdprOperations } from "../admin/privacy/gdpr.ts";
import { operations as withdrawalOperations } from "../admin/privacy/eu-withdrawals.ts";
import { operations as importOperations } from "../admin/imports/imports.ts";
import { storeDataOperations } from "../admin/store-data/index.ts";
import { operations as mailOperations } from "../mail/operations.ts";
import { operations as jobOperations } from "../jobs/operations.ts";
import { operations as eventOperations } from "../events/operations.ts";

export const adminOperations: AnyOperation[] = [
  ...catalogOperations,
  ...customerOperations,
  ...salesOperations,
  ...marketingOperations,
  ...gdprOperations,
  ...withdrawalOperations,
  ...importOperations,
  ...cmsOperations,
  ...reportingOperations,
  ...settingsOperations,
  ...storeDataOperations,
  ...mailOperations,
  ...jobOperations,
  ...eventOperations,
];
