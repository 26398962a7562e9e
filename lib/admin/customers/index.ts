// Customer operations of the Admin API.
import type { AnyOperation } from "../../operations/define.ts";
import { customers } from "./customers.ts";
import { customerGroups } from "./groups.ts";
import { operations as reviewOperations } from "./reviews.ts";
import { customerAddresses } from "./addresses.ts";
import { customerNotes } from "./notes.ts";

export const customerOperations: AnyOperation[] = [...customers.operations, ...customerGroups.operations, ...reviewOperations, ...customerAddresses.operations, ...customerNotes.operations];
