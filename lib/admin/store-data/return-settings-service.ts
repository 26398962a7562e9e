// What a return is made of: the database work behind ./return-settings.ts. A record returns still point at is not
// deleted: a reason is switched off instead, and a field's answers would go with it; the nine statuses the return
// process moves through (lib/returns/statuses.ts) are not deleted.
import type { RequestContext } from "../../context.ts";
import { Conflict, Validation } from "../../errors.ts";
import { RETURN_STATUSES } from "../../returns/statuses.ts";

// ── Reasons ──
type ReasonFields = { title: string; position?: number; resolutionType?: "return" | "cancel_items" | "both"; status?: boolean };

export async function createReason(ctx: RequestContext, input: ReasonFields): Promise<number> {
  return (await ctx.db.returnReason.create({ data: input })).id;
}

export async function updateReason(ctx: RequestContext, id: number, input: Partial<ReasonFields>): Promise<void> {
  await ctx.db.returnReason.update({ where: { id }, data: input });
}

export async function deleteReason(ctx: RequestContext, id: number): Promise<void> {
  const used = await ctx.db.returnRequest.count({ where: { reasonId: id } });
  if (used) throw new Conflict(`${used} return(s) give this reason; switch it off (status false) instead of deleting it.`);
  await ctx.db.returnReason.delete({ where: { id } });
}

// ── Statuses ──
/** The statuses the return process moves returns through. */
export const BUILT_IN = new Set<number>(RETURN_STATUSES.map((s) => s.id));

/** Status ids are fixed numbers (WIRE.md), not generated: the next one after the highest. */
export async function createStatus(ctx: RequestContext, input: { code: string; title: string; color: string }): Promise<number> {
  if (await ctx.db.returnStatus.count({ where: { code: input.code } })) throw Validation.field("code", `The status ${input.code} exists already.`);
  const top = await ctx.db.returnStatus.aggregate({ _max: { id: true } });
  return (await ctx.db.returnStatus.create({ data: { ...input, id: Math.max(top._max.id ?? 0, RETURN_STATUSES.length) + 1 } })).id;
}

export async function updateStatus(ctx: RequestContext, id: number, input: { title?: string; color?: string }): Promise<void> {
  await ctx.db.returnStatus.update({ where: { id }, data: input });
}

export async function deleteStatus(ctx: RequestContext, id: number): Promise<void> {
  if (BUILT_IN.has(id)) throw new Conflict("The return process moves returns through this status; it cannot be deleted.");
  const used = await ctx.db.returnRequest.count({ where: { statusId: id } });
  if (used) throw new Conflict(`${used} return(s) are in this status.`);
  await ctx.db.returnStatus.delete({ where: { id } });
}

// ── Custom fields ──
export interface FieldFields {
  code: string;
  label: string;
  type: "text" | "textarea" | "select" | "checkbox" | "date";
  position?: number;
  isRequired?: boolean;
  options?: string[] | null;
}
type FieldInput = Partial<FieldFields>;

/** A select needs its choices; the other types take none. */
function checkOptions(input: FieldInput, current?: { type: string; options: unknown }) {
  const type = input.type ?? current?.type;
  const options = input.options !== undefined ? input.options : (current?.options as string[] | null | undefined);
  if (type === "select" && !options?.length) throw Validation.field("options", "A select field needs at least one option.");
  if (type !== "select" && input.options?.length) throw Validation.field("options", "Only a select field has options.");
  if (options && new Set(options).size !== options.length) throw Validation.field("options", "Options must differ from each other.");
}

async function answers(ctx: RequestContext, fieldId: number) {
  return ctx.db.returnCustomValue.count({ where: { fieldId } });
}

export async function createField(ctx: RequestContext, input: FieldFields): Promise<number> {
  checkOptions(input);
  if (await ctx.db.returnCustomField.count({ where: { code: input.code } })) throw Validation.field("code", `The field ${input.code} exists already.`);
  return (await ctx.db.returnCustomField.create({ data: { ...input, options: input.type === "select" ? input.options! : undefined } })).id;
}

/** A field's type stays once returns have answered it. */
export async function updateField(ctx: RequestContext, id: number, input: Omit<FieldInput, "code">): Promise<void> {
  const current = await ctx.db.returnCustomField.findUniqueOrThrow({ where: { id } });
  checkOptions(input, current);
  if (input.type && input.type !== current.type && (await answers(ctx, id))) throw new Conflict("Returns have answered this field; its type cannot change.");
  const { options, ...rest } = input;
  const type = input.type ?? current.type;
  // Only a select keeps choices (the output shows none for other types).
  const choices = type !== "select" ? [] : options ?? undefined;
  await ctx.db.returnCustomField.update({ where: { id }, data: { ...rest, ...(choices !== undefined ? { options: choices } : {}) } });
}

export async function deleteField(ctx: RequestContext, id: number): Promise<void> {
  const used = await answers(ctx, id);
  if (used) throw new Conflict(`${used} return(s) hold an answer to this field; deleting it would erase them.`);
  await ctx.db.returnCustomField.delete({ where: { id } });
}
