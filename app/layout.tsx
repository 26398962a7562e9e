import type { ReactNode } from "react";

export const metadata = { title: "Commerce API" };
// Every page carries the nonce of its request's Content-Security-Policy (proxy.ts), which a page prerendered at
// build time cannot; so all pages render per request.
export const dynamic = "force-dynamic";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ margin: 0 }}>{children}</body>
    </html>
  );
}
