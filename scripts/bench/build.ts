// The bench serves a production build of its own (.next-bench), so it never replaces the build `npm start`
// serves. It is rebuilt when missing or not of the current sources (lib/cli/build.ts).
import { ensureBuild, isCurrentBuild } from "../../lib/cli/build.ts";
import { DIST_DIR, serverEnv } from "./server.ts";

/** Whether the build in DIST_DIR is missing or of other sources. */
export const staleBuild = (): boolean => !isCurrentBuild(DIST_DIR);

export async function build(): Promise<void> {
  // `npm run typecheck` checks the types; the bench only needs the build.
  const env = { ...serverEnv("file:./data/bench.db"), NODE_OPTIONS: process.env.NODE_OPTIONS ?? "", NEXT_SKIP_TYPECHECK: "1" };
  await ensureBuild(DIST_DIR, env, { show: true });
}
