import net from "node:net";
import { parseHeaders, type SunkMail } from "./smtp-sink";

const END_OF_DATA = Buffer.from("\r\n.\r\n");
const EHLO_REPLY =
  "250-sink\r\n250-PIPELINING\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250-ENHANCEDSTATUSCODES\r\n250 SIZE 10485760\r\n";

/** `<address>` of a MAIL FROM or RCPT TO line (the parameters after it are ignored). */
function pathOf(line: string): string {
  return /<([^>]*)>/.exec(line)?.[1] ?? "";
}

/**
 * A real SMTP peer for benchmarks, as cheap as an SMTP peer can be: it stands for a relay on
 * another machine, so it should take as little as possible of the cores it shares with what is
 * measured (smtp-server took about 0.1 ms per message). It speaks RFC 5321 (EHLO, MAIL, RCPT,
 * DATA with dot-unstuffing, RSET, NOOP, QUIT) and RFC 2920 pipelining: each read's replies go in
 * one write. A message counts once its end-of-data line is in, as with smtp-server: a connection
 * that dies mid-message leaves nothing. Tests use smtp-server's sink (./smtp-sink), an
 * implementation apart from ours.
 */
export async function startBareSmtpSink(options: { latencyMs?: number } = {}) {
  const messages: SunkMail[] = [];
  const latency = options.latencyMs ?? 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.setNoDelay(true);
    let pending: Buffer = Buffer.alloc(0);
    let inData = false;
    let from = "";
    let to: string[] = [];
    // While the reply to a message waits out the latency, later commands wait behind it.
    let waiting = false;

    function keep(data: Buffer) {
      // Dot-unstuffing: a line that starts with "." lost its first dot on the wire.
      const raw = `\r\n${data.toString("utf8")}`.replace(/\r\n\.\./g, "\r\n.").slice(2);
      let headers: Map<string, string> | undefined;
      messages.push({
        from,
        to,
        raw,
        receivedAt: Date.now(),
        get headers() {
          return (headers ??= parseHeaders(raw));
        },
      });
      from = "";
      to = [];
    }

    function answer(line: string): string {
      const verb = line.slice(0, 4).toUpperCase();
      switch (verb) {
        case "EHLO":
          return EHLO_REPLY;
        case "HELO":
          return "250 sink\r\n";
        case "MAIL":
          from = pathOf(line);
          to = [];
          return "250 2.1.0 Ok\r\n";
        case "RCPT":
          to.push(pathOf(line));
          return "250 2.1.5 Ok\r\n";
        case "DATA":
          if (to.length === 0) return "503 5.5.1 No recipients\r\n";
          inData = true;
          return "354 End data with <CR><LF>.<CR><LF>\r\n";
        case "RSET":
          from = "";
          to = [];
          return "250 2.0.0 Ok\r\n";
        case "NOOP":
          return "250 2.0.0 Ok\r\n";
        case "QUIT":
          socket.end("221 2.0.0 Bye\r\n");
          return "";
        default:
          return "502 5.5.2 Command not recognized\r\n";
      }
    }

    function work() {
      let replies = "";
      while (!waiting && !socket.writableEnded) {
        if (inData) {
          // The data starts right after DATA's line: an empty message ends at once with ".\r\n".
          const end = pending.subarray(0, 3).toString() === ".\r\n" ? -2 : pending.indexOf(END_OF_DATA);
          if (end === -1) break;
          keep(pending.subarray(0, Math.max(0, end)));
          pending = pending.subarray(end + END_OF_DATA.length);
          inData = false;
          if (latency > 0) {
            waiting = true;
            setTimeout(() => {
              waiting = false;
              socket.write("250 2.0.0 Ok: queued\r\n");
              work();
            }, latency);
          } else {
            replies += "250 2.0.0 Ok: queued\r\n";
          }
          continue;
        }
        const eol = pending.indexOf("\r\n");
        if (eol === -1) break;
        const line = pending.subarray(0, eol).toString("utf8");
        pending = pending.subarray(eol + 2);
        replies += answer(line);
      }
      if (replies && !socket.writableEnded) socket.write(replies);
    }

    socket.on("data", (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      work();
    });
    socket.on("error", () => {});
    socket.write("220 sink ESMTP\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Pooled clients keep connections open: close() would wait for them.
        for (const socket of sockets) socket.destroy();
      }),
  };
}

export type BareSmtpSink = Awaited<ReturnType<typeof startBareSmtpSink>>;
