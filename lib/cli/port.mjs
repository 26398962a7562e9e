// The port `npm start` serves on: checked before the start migrates or seeds anything (lib/cli/commands.ts, serve),
// and claimed by the server before it loads the app (lib/cli/server.mjs). Plain JavaScript, as server.mjs is.
import net from "node:net";

/**
 * PORT (or the server's port argument) as a number, 3000 when unset; throws a one-line Error for anything but 1 to
 * 65535 (Node would take 0 as "any free port", and a start announcing port 0 is no use).
 * @param {string | undefined} value
 * @returns {number}
 */
export function parsePort(value) {
  const v = String(value ?? "3000").trim();
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 65535) throw new Error(`PORT must be a number from 1 to 65535, not "${v}".`);
  return Number(v);
}

/**
 * One line saying why listening on `port` failed.
 * @param {NodeJS.ErrnoException} error
 * @param {number} port
 * @returns {string}
 */
export function listenFailure(error, port) {
  if (error.code === "EADDRINUSE") return `Port ${port} is in use by another process: stop it or set PORT to a free port.`;
  if (error.code === "EACCES") return `Not allowed to listen on port ${port} (ports below 1024 need privileges): set PORT to another port.`;
  return `Cannot listen on port ${port}: ${String(error.message).split("\n")[0]}`;
}

/**
 * Why the server could not listen on `port` of `host` (undefined: every interface, as lib/cli/server.mjs listens
 * by default), or null when it could: binds, and lets go at once.
 * @param {number} port
 * @param {string | undefined} host
 * @returns {Promise<string | null>}
 */
export function portProblem(port, host) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (e) => resolve(listenFailure(e, port)));
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}
