import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { dataBytes } from "@/lib/mail/smtp-connection";
import { SmtpPool } from "@/lib/mail/smtp-pool";
import { smtpSettings } from "@/lib/mail/smtp-settings";
import { failure, refusal, startRelay, type Relay } from "../../support/smtp-relay";

const FROM = "no-reply@remindful.example";
const raw = (subject: string) =>
  `From: ${FROM}\r\nTo: lea@example.com\r\nSubject: ${subject}\r\n\r\nBody of ${subject}\r\n`;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function relay(options: Parameters<typeof startRelay>[0] = {}): Promise<Relay> {
  const started = await startRelay(options);
  cleanups.push(() => started.close());
  return started;
}

function pool(url: string): SmtpPool {
  const created = new SmtpPool(smtpSettings(url), 1);
  cleanups.push(() => created.close());
  return created;
}

/**
 * A scripted relay that offers PIPELINING and answers nothing of a transaction until MAIL, RCPT and
 * DATA have all arrived: a client that waits for MAIL's reply before sending RCPT never gets one.
 * With `holdFirstFinal`, the first message's final reply also waits for the next envelope: a
 * client that waits for it before starting the next message never gets it.
 */
async function startWithholdingRelay({ holdFirstFinal = false } = {}) {
  const commands: string[] = [];
  const bodies: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let pending: string[] = [];
    let held = "";
    let messages = 0;
    socket.write("220 withholding.example ESMTP\r\n");
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          bodies.push(buffer.slice(0, end + 2));
          buffer = buffer.slice(end + 5);
          inData = false;
          if (holdFirstFinal && ++messages === 1) held = "250 2.0.0 queued\r\n";
          else socket.write("250 2.0.0 queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        commands.push(line);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-withholding.example\r\n250-PIPELINING\r\n250 8BITMIME\r\n");
        else if (verb === "QUIT") socket.end("221 2.0.0 bye\r\n");
        else if (verb === "RSET") socket.write("250 2.0.0 ok\r\n");
        else {
          pending.push(verb);
          if (["MAIL", "RCPT", "DATA"].every((v) => pending.includes(v))) {
            pending = [];
            inData = true;
            socket.write(`${held}250 2.1.0 ok\r\n250 2.1.5 ok\r\n354 go ahead\r\n`);
            held = "";
          }
        }
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { port, commands, bodies };
}

describe("pipelining", () => {
  it("sends MAIL, RCPT and DATA before reading a reply when the relay offers PIPELINING", async () => {
    const peer = await startWithholdingRelay();
    // A client waiting for MAIL's reply would time out here.
    const sending = pool(`smtp://127.0.0.1:${peer.port}?socketTimeout=10000&name=client.example`);
    const sent = await sending.send(FROM, ["lea@example.com"], dataBytes(raw("pipelined")));
    expect(sent.accepted).toEqual(["lea@example.com"]);
    expect(sent.response).toContain("250 2.0.0 queued");
    expect(peer.commands).toEqual([
      "EHLO client.example",
      `MAIL FROM:<${FROM}>`,
      "RCPT TO:<lea@example.com>",
      "DATA",
    ]);
    expect(peer.bodies).toEqual([raw("pipelined")]);
  });

  it("sends the next message's envelope with a message's body when more are queued on the session", async () => {
    const peer = await startWithholdingRelay({ holdFirstFinal: true });
    // One session, two messages queued: a client waiting for the first's final reply times out.
    const sending = pool(`smtp://127.0.0.1:${peer.port}?socketTimeout=10000&name=client.example`);
    const [first, second] = await Promise.all([
      sending.send(FROM, ["lea@example.com"], dataBytes(raw("first"))),
      sending.send(FROM, ["tom@example.com"], dataBytes(raw("second"))),
    ]);
    expect([first.accepted, second.accepted]).toEqual([["lea@example.com"], ["tom@example.com"]]);
    expect(peer.bodies).toEqual([raw("first"), raw("second")]);
    expect(peer.commands.filter((c) => c.startsWith("RCPT"))).toEqual([
      "RCPT TO:<lea@example.com>",
      "RCPT TO:<tom@example.com>",
    ]);
  });

  it("sends one command at a time to a relay without PIPELINING", async () => {
    const server = await relay({ hidePIPELINING: true });
    const sending = pool(`smtp://127.0.0.1:${server.port}`);
    await sending.send(FROM, ["lea@example.com", "tom@example.com"], dataBytes(raw("step by step")));
    expect(server.received).toMatchObject([
      { from: FROM, to: ["lea@example.com", "tom@example.com"], raw: raw("step by step") },
    ]);
  });
});

// Each refusal is checked with and without PIPELINING: the two paths read replies differently.
describe.each([
  ["with PIPELINING", false],
  ["without PIPELINING", true],
])("refusals %s", (_, hidePIPELINING) => {
  const refusing = () =>
    relay({
      hidePIPELINING,
      onMailFrom: (address, _session, callback) =>
        callback(address.address.startsWith("busy@") ? refusal(451, "Try again later") : undefined),
      onRcptTo: (address, _session, callback) =>
        callback(address.address.startsWith("gone@") ? refusal(550, "No such user") : undefined),
    });

  it("a refused recipient fails the send with 550, and the same session then delivers the next message", async () => {
    const server = await refusing();
    const sending = pool(`smtp://127.0.0.1:${server.port}`);
    const error = await failure(sending.send(FROM, ["gone@example.com"], dataBytes(raw("one"))));
    expect(error.responseCode).toBe(550);
    expect(error.response).toContain("No such user");
    // The envelope was reset: a second MAIL in the same transaction would be refused (503).
    await sending.send(FROM, ["lea@example.com"], dataBytes(raw("two")));
    expect(server.received).toMatchObject([{ to: ["lea@example.com"], raw: raw("two") }]);
    expect(server.connections).toBe(1);
  });

  it("a message to one refused and one accepted recipient goes to the accepted one", async () => {
    const server = await refusing();
    const sent = await pool(`smtp://127.0.0.1:${server.port}`).send(
      FROM,
      ["gone@example.com", "lea@example.com"],
      dataBytes(raw("half")),
    );
    expect(sent).toMatchObject({ accepted: ["lea@example.com"], rejected: ["gone@example.com"] });
    expect(server.received).toMatchObject([{ to: ["lea@example.com"] }]);
  });

  it("a refused sender fails the send with 451, and the session goes on", async () => {
    const server = await refusing();
    const sending = pool(`smtp://127.0.0.1:${server.port}`);
    const error = await failure(
      sending.send("busy@remindful.example", ["lea@example.com"], dataBytes(raw("one"))),
    );
    expect(error.responseCode).toBe(451);
    await sending.send(FROM, ["lea@example.com"], dataBytes(raw("two")));
    expect(server.received).toMatchObject([{ from: FROM, raw: raw("two") }]);
    expect(server.connections).toBe(1);
  });

  it.each([452, 554])("a message refused after its data fails the send with that code (%i)", async (code) => {
    const server = await refusing();
    server.answerWith({ code, message: "Not now" });
    const sending = pool(`smtp://127.0.0.1:${server.port}`);
    const error = await failure(sending.send(FROM, ["lea@example.com"], dataBytes(raw("refused"))));
    expect(error.responseCode).toBe(code);
    server.answerWith("accept");
    await sending.send(FROM, ["lea@example.com"], dataBytes(raw("taken")));
    expect(server.received).toMatchObject([{ raw: raw("taken") }]);
  });
});

describe("AUTH", () => {
  const authRelay = (method: string, methods: string[]) =>
    relay({
      authMethods: [method],
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      onAuth(auth, _session, callback) {
        methods.push(auth.method);
        if (auth.username === "user" && auth.password === "p@ss")
          return callback(null, { user: auth.username });
        callback(refusal(535, "Authentication failed"));
      },
    });

  it.each(["PLAIN", "LOGIN"])("logs in with %s, the password decoded from the URL", async (method) => {
    const methods: string[] = [];
    const server = await authRelay(method, methods);
    await pool(`smtp://user:p%40ss@127.0.0.1:${server.port}`).send(
      FROM,
      ["lea@example.com"],
      dataBytes(raw("auth")),
    );
    expect(methods).toEqual([method]);
    expect(server.received).toMatchObject([{ user: "user", raw: raw("auth") }]);
  });

  it.each(["PLAIN", "LOGIN"])("a wrong password with %s fails with EAUTH and 535", async (method) => {
    const server = await authRelay(method, []);
    const sending = pool(`smtp://user:wrong@127.0.0.1:${server.port}`);
    const error = await failure(sending.send(FROM, ["lea@example.com"], dataBytes(raw("auth"))));
    expect(error).toMatchObject({ code: "EAUTH", responseCode: 535 });
    expect(server.received).toEqual([]);
  });
});

describe("connections", () => {
  it("a relay dropping the connection mid-message fails that send; the next opens a new connection", async () => {
    const server = await relay();
    const sending = pool(`smtp://127.0.0.1:${server.port}`);
    server.answerWith("drop");
    const error = await failure(sending.send(FROM, ["lea@example.com"], dataBytes(raw("dropped"))));
    expect(["ECONNECTION", "ECONNRESET"]).toContain(error.code);
    expect(error.responseCode).toBeUndefined();
    server.answerWith("accept");
    await sending.send(FROM, ["lea@example.com"], dataBytes(raw("again")));
    expect(server.received).toMatchObject([{ raw: raw("again") }]);
    expect(server.connections).toBe(2);
  });

  // The test's own timeout is far below the default timeouts: only socketTimeout can end the wait in time.
  it(
    "a relay that never answers after the data fails the send with ETIMEDOUT",
    { timeout: 5_000 },
    async () => {
      const server = await relay();
      server.answerWith("hang");
      const sending = pool(`smtp://127.0.0.1:${server.port}?socketTimeout=300&connectionTimeout=60000`);
      const error = await failure(sending.send(FROM, ["lea@example.com"], dataBytes(raw("hung"))));
      expect(error.code).toBe("ETIMEDOUT");
    },
  );

  it("a relay that never greets fails the send with ETIMEDOUT", { timeout: 5_000 }, async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => silent.close(resolve)));
    const { port } = silent.address() as net.AddressInfo;
    const sending = pool(`smtp://127.0.0.1:${port}?connectionTimeout=300&socketTimeout=60000`);
    const error = await failure(sending.send(FROM, ["lea@example.com"], dataBytes(raw("silent"))));
    expect(error.code).toBe("ETIMEDOUT");
  });

  it("a closed port fails the send with ECONNREFUSED", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const error = await failure(
      pool(`smtp://127.0.0.1:${port}`).send(FROM, ["lea@example.com"], dataBytes(raw("x"))),
    );
    expect(error.code).toBe("ECONNREFUSED");
    expect(error.responseCode).toBeUndefined();
  });
});

describe("addresses that could inject commands", () => {
  it.each([
    ["a CRLF in the recipient", FROM, "lea@example.com\r\nRCPT TO:<eve@example.com>"],
    ["a '>' in the recipient", FROM, "lea@example.com> NOTIFY=NEVER"],
    ["a CRLF in the sender", `${FROM}\r\nRSET`, "lea@example.com"],
  ])("%s is refused with EENVELOPE before any MAIL command", async (_, from, to) => {
    const server = await relay();
    const sending = pool(`smtp://127.0.0.1:${server.port}`);
    const error = await failure(sending.send(from, [to], dataBytes(raw("injected"))));
    expect(error.code).toBe("EENVELOPE");
    expect(server.wire()).toMatch(/^EHLO /);
    expect(server.wire()).not.toMatch(/MAIL FROM|RCPT TO/);
    expect(server.received).toEqual([]);
  });
});
