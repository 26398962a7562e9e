// The HTTP server `npm start` runs: Next.js' own request handler behind a Node server that tells the app which
// socket each request came from. Route handlers never see the socket, and Next only fills X-Forwarded-For with its
// address when a client sent none, so a direct client could name any address. Here every request carries the
// socket address in PEER_HEADER, and a client's own PEER_HEADER is dropped first; lib/http/client-ip.ts believes
// the header only because this process announces it on globalThis. Plain JavaScript, so production needs no
// TypeScript loader in the serving process.
//   node lib/cli/server.mjs <port> [host]
import http from "node:http";
import { announcePeerHeader, withPeerAddress } from "./peer.mjs";
import { listenFailure, parsePort } from "./port.mjs";

let port;
try {
  port = parsePort(process.argv[2] ?? process.env.PORT);
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
const host = process.argv[3];
// As `next start` does: production unless told otherwise, set before Next.js and React load.
process.env.NODE_ENV ||= "production";
announcePeerHeader();

// The port is claimed before the app loads, so a taken one fails at once, in one line and with a non-zero exit
// (claimed after, its error met Next.js' uncaughtException logger, and the process exited 0). Requests that
// arrive while the app prepares wait for it.
let ready;
const prepared = new Promise((resolve) => (ready = resolve));
const server = http.createServer(
  withPeerAddress(async (req, res) => {
    const handle = await prepared;
    return handle(req, res).catch((e) => {
      console.error(e);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  }),
);
// Only the listen: a later error (an accept failing under load) must not end a serving process.
const failedToListen = (e) => {
  console.error(listenFailure(e, port));
  process.exit(1);
};
server.once("error", failedToListen);
await new Promise((resolve) => server.listen(port, host, resolve));
server.off("error", failedToListen);

const { default: next } = await import("next");
// instrumentation.ts runs in prepare() and takes over SIGTERM (lib/http/drain.ts); with no Next.js listener to
// hand over to, it exits once the requests in flight are served.
const app = next({ dev: false, dir: process.cwd(), port, hostname: host ?? "localhost" });
await app.prepare();
ready(app.getRequestHandler());
console.log(`Serving on http://${host ?? "localhost"}:${port}`);
