// A customer's own fields as the Admin API takes them (./customers.ts adds a connector's external id and metadata)
// and the panel's customer form checks them (lib/ui/admin/customers/): pure zod, no database, so both can import it.
import { z } from "zod";
import { boolParam, email, intParam, recordId } from "../../operations/fields.ts";
import { nullableText } from "../input.ts";
import { newPasswordField } from "../../auth/password-hint.ts";

export const GENDERS = ["Male", "Female", "Other"] as const;

export const CustomerFields = z.object({
  firstName: z.string().trim().min(1, { message: "is required" }).max(100),
  lastName: z.string().trim().min(1, { message: "is required" }).max(100),
  email: email(),
  password: newPasswordField().optional(),
  phone: nullableText(40),
  gender: z.enum(GENDERS, { message: "must be Male, Female or Other" }).nullable().optional(),
  dateOfBirth: z.iso.date({ message: "must be a date YYYY-MM-DD" }).nullable().optional(),
  status: intParam().pipe(z.int().min(0).max(1)).optional(),
  isVerified: boolParam().optional(),
  isSuspended: boolParam().optional(),
  customerGroupId: recordId().nullable().optional(),
  channelId: recordId().nullable().optional(),
});
