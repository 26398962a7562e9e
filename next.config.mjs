/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native drivers and Prisma's runtime load from node_modules at run time instead of being bundled.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg", "@prisma/client", "ioredis"],
  poweredByHeader: false,
  // On every answer, pages, files and APIs alike; the pages' Content-Security-Policy (with its per-request nonce) is
  // set in proxy.ts. X-Frame-Options repeats `frame-ancestors 'none'` for browsers without CSP level 2.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
  // The browser tests build into their own folder so they never replace the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The app is type-checked without the test suite; `npm run typecheck` covers everything. The browser tests' build
  // skips the check: CI has just run `npm run typecheck`.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1", tsconfigPath: "tsconfig.build.json" },
};

export default nextConfig;
