// Small helpers shared by the seed modules.
import type { Prisma } from "../generated/sqlite/client.ts";

/** The client inside the seed's transaction (the PostgreSQL client has the same API). */
export type Tx = Prisma.TransactionClient;

export type Translated = { en: string; fr: string };

export const LOCALES = ["en", "fr"] as const;

/** Runs `write` over `rows` in chunks, keeping each statement well below SQLite's bound-parameter limit. */
export async function inBatches<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>, size = 200): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** Like inBatches, collecting what each chunk returns (for createManyAndReturn). */
export async function mapBatches<T, R>(rows: T[], write: (chunk: T[]) => Promise<R[]>, size = 200): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(...(await write(rows.slice(i, i + size))));
  return out;
}

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const HOUR = 3_600_000;

export function hoursBefore(now: Date, hours: number): Date {
  return new Date(now.getTime() - hours * HOUR);
}

/** Decimal-safe money text from integer cents. */
export function money(cents: number): string {
  return (cents / 100).toFixed(2);
}
