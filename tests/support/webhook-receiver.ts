// A webhook receiver as an integrator writes one: an HTTP server that checks each delivery's Standard Webhooks
// signature with the `standardwebhooks` package and the secret it was given, and answers as the test tells it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  id: string;
  /** The signature checked out against the secret (and the timestamp is fresh). */
  verified: boolean;
  body: { type: string; timestamp: string; data: Record<string, unknown>; eventId: number };
  /** What the receiver answered. */
  answered: number;
}

export interface Receiver {
  url: string;
  /** Every request, in arrival order. */
  got: Received[];
  /** The secret to verify with (set once the subscription is made). */
  secret: string | null;
  /** The status for the nth request (0-based); default 204. */
  answer: (n: number, body: Received["body"]) => number | { status: number; headers: Record<string, string> };
  close(): Promise<void>;
}

export async function webhookReceiver(path = "/hooks"): Promise<Receiver> {
  const receiver: Receiver = { url: "", got: [], secret: null, answer: () => 204, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let verified = false;
      try {
        if (receiver.secret) {
          new Webhook(receiver.secret).verify(text, req.headers as Record<string, string>);
          verified = true;
        }
      } catch {
        verified = false;
      }
      const body = JSON.parse(text) as Received["body"];
      const a = receiver.answer(receiver.got.length, body);
      const { status, headers } = typeof a === "number" ? { status: a, headers: {} } : a;
      receiver.got.push({ id: String(req.headers["webhook-id"]), verified, body, answered: status });
      res.writeHead(status, headers).end(status >= 400 ? "receiver says no" : "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
