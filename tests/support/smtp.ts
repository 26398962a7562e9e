// An SMTP server in the test's process (smtp-server) that keeps what it receives, parsed with mailparser, and a
// port where none listens: the mail server the store's mail jobs send to, up or down.
import net from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

export interface Inbox {
  port: number;
  mails: { envelopeTo: string[]; mail: ParsedMail }[];
  close(): Promise<void>;
}

/** An SMTP server on `port` (0: any free port) keeping every message it receives. */
export async function smtpServer(port = 0): Promise<Inbox> {
  const mails: Inbox["mails"] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          mails.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as net.AddressInfo).port;
  return { port: bound, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}
