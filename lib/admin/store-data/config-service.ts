// Store configuration values: the database work behind ./config.ts. Values arrive checked against their key's type.
import type { RequestContext } from "../../context.ts";
import { Validation } from "../../errors.ts";

async function channelCode(ctx: RequestContext, channel: string | null | undefined): Promise<string> {
  if (!channel) return "";
  if (!(await ctx.db.channel.count({ where: { code: channel } }))) throw Validation.field("channel", `The store has no channel "${channel}".`);
  return channel;
}

/** One value per key and channel (`channel` empty or left out: the whole store). */
export async function createConfigValue(ctx: RequestContext, input: { code: string; value: string; channel?: string | null }): Promise<number> {
  const channel = await channelCode(ctx, input.channel);
  const where = { code_channelCode_locale: { code: input.code, channelCode: channel, locale: "" } };
  if (await ctx.db.coreConfig.findUnique({ where })) throw Validation.field("code", `${input.code} is set already${channel ? ` for ${channel}` : ""}; change that value.`);
  return (await ctx.db.coreConfig.create({ data: { code: input.code, channelCode: channel, value: input.value } })).id;
}

/** The key of a stored value, whose type a new value must have. */
export async function configKey(ctx: RequestContext, id: number): Promise<string> {
  return (await ctx.db.coreConfig.findUniqueOrThrow({ where: { id } })).code;
}

export async function updateConfigValue(ctx: RequestContext, id: number, value: string): Promise<void> {
  await ctx.db.coreConfig.update({ where: { id }, data: { value } });
}
