import type net from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { expect } from "vitest";
import { SmtpError } from "@/lib/mail/smtp-types";

/** One message the relay took, with how the session that carried it stood. */
export interface RelayMail {
  from: string;
  to: string[];
  raw: string;
  /** True when the session was TLS (smtps:// or after STARTTLS). */
  secure: boolean;
  user: string | undefined;
}

/**
 * How the relay answers at the end of a message's data: accept it, refuse it (an error carrying
 * `responseCode`, as smtp-server expects), drop the connection, or never answer.
 */
export type RelayAnswer = "accept" | "drop" | "hang" | { code: number; message: string };

/** An smtp-server error with the reply code it sends. */
export function refusal(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * A real SMTP relay (smtp-server) on a free loopback port, configured by `options` (no STARTTLS,
 * no AUTH unless they say otherwise), that keeps the messages it takes, counts connections and
 * records the bytes each client sent.
 */
export async function startRelay(options: SMTPServerOptions = {}) {
  const received: RelayMail[] = [];
  const sockets = new Set<net.Socket>();
  const wire: Buffer[] = [];
  let answer: RelayAnswer = "accept";
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const current = answer;
        if (current === "hang") return;
        if (current === "drop") {
          for (const socket of sockets) if (socket.remotePort === session.remotePort) socket.destroy();
          return;
        }
        if (current !== "accept") return callback(refusal(current.code, current.message));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          secure: session.secure,
          user: session.user,
        });
        callback();
      });
    },
  });
  server.on("error", () => {});
  server.server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    // Raw bytes: readable commands on a plain session, ciphertext after TLS.
    socket.on("data", (chunk: Buffer) => wire.push(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  let connections = 0;
  server.server.on("connection", () => connections++);
  return {
    port,
    received,
    /** How many connections clients opened so far. */
    get connections() {
      return connections;
    },
    /** Everything clients sent so far, as text. */
    wire: () => Buffer.concat(wire).toString("latin1"),
    answerWith(next: RelayAnswer) {
      answer = next;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Relay = Awaited<ReturnType<typeof startRelay>>;

/** The send's rejection, which must be an SmtpError. */
export async function failure(sending: Promise<unknown>): Promise<SmtpError> {
  const error: unknown = await sending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmtpError);
  return error as SmtpError;
}
