// URL redirects: the database work behind ./url-redirects.ts.
import type { RequestContext } from "../../context.ts";
import { Validation } from "../../errors.ts";

export interface RedirectFields {
  fromPath: string;
  toPath: string;
  statusCode?: 301 | 302;
  locale?: string;
}
type Input = Partial<RedirectFields>;

async function check(ctx: RequestContext, input: Input, current?: { id: number; fromPath: string; toPath: string; locale: string }) {
  const from = input.fromPath ?? current?.fromPath;
  const to = input.toPath ?? current?.toPath;
  const locale = input.locale ?? current?.locale ?? "";
  if (from === to) throw Validation.field("toPath", "A redirect cannot lead to itself.");
  if (locale && !(await ctx.db.locale.count({ where: { code: locale } }))) throw Validation.field("locale", `The store has no locale "${locale}".`);
  const clash = await ctx.db.urlRedirect.findFirst({ where: { fromPath: from, locale, ...(current ? { id: { not: current.id } } : {}) } });
  if (clash) throw Validation.field("fromPath", `"${from}" already redirects (redirect ${clash.id}).`);
}

export async function createRedirect(ctx: RequestContext, input: RedirectFields): Promise<number> {
  await check(ctx, input);
  return (await ctx.db.urlRedirect.create({ data: { ...input, locale: input.locale ?? "", statusCode: input.statusCode ?? 301 } })).id;
}

export async function updateRedirect(ctx: RequestContext, id: number, input: Input): Promise<void> {
  await check(ctx, input, await ctx.db.urlRedirect.findUniqueOrThrow({ where: { id } }));
  await ctx.db.urlRedirect.update({ where: { id }, data: input });
}
