// The HTTP server `npm start` runs: Next.js' own request handler behind a Node server that tells the app which
// socket each request came from. Route handlers never see the socket, and Next only fills X-Forwarded-For with its
// address when a client sent none, so a direct client could name any address. Here every request carries the
// socket address in PEER_HEADER, and a client's own PEER_HEADER is dropped first; lib/http/client-ip.ts believes
// the header only because this process announces it on globalThis. Plain JavaScript, so production needs no
// TypeScript loader in the serving process.
//   node lib/cli/server.mjs <port> [host]
import http from "node:http";
import { announcePeerHeader, withPeerAddress } from "./peer.mjs";

const port = Number(process.argv[2] ?? process.env.PORT ?? 3000);
const host = process.argv[3];
// As `next start` does: production unless told otherwise, set before Next.js and React load.
process.env.NODE_ENV ||= "production";
announcePeerHeader();
const { default: next } = await import("next");
// instrumentation.ts runs in prepare() and takes over SIGTERM (lib/http/drain.ts); with no Next.js listener to
// hand over to, it exits once the requests in flight are served.
const app = next({ dev: false, dir: process.cwd(), port, hostname: host ?? "localhost" });
await app.prepare();
const handle = app.getRequestHandler();
const server = http.createServer(
  withPeerAddress((req, res) =>
    handle(req, res).catch((e) => {
      console.error(e);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    }),
  ),
);
server.listen(port, host, () => console.log(`Serving on http://${host ?? "localhost"}:${port}`));
