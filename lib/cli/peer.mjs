// The socket address, passed from the serving process to the app (lib/cli/server.mjs → lib/http/client-ip.ts).
// Plain JavaScript, so production needs no TypeScript loader in the serving process.

export const PEER_HEADER = "x-commerce-peer";

/** Wraps a Node request handler so that PEER_HEADER holds the socket address and nothing a client sent. */
export function withPeerAddress(handle) {
  return (req, res) => {
    // Node lowercases header names and joins repeats into one entry, so this removes every copy.
    delete req.headers[PEER_HEADER];
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
    return handle(req, res);
  };
}

/** Announces the header to the app (same process, same globalThis). */
export function announcePeerHeader() {
  globalThis[Symbol.for("commerce.peerHeader")] = PEER_HEADER;
}
