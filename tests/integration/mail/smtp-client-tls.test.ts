import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import net from "node:net";
import path from "node:path";
import tls from "node:tls";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { dataBytes } from "@/lib/mail/smtp-connection";
import { SmtpPool } from "@/lib/mail/smtp-pool";
import { smtpSettings } from "@/lib/mail/smtp-settings";
import { failure, startRelay, type Relay } from "../../support/smtp-relay";

const FROM = "no-reply@remindful.example";
const RAW = `From: ${FROM}\r\nTo: lea@example.com\r\nSubject: tls\r\n\r\nOver TLS\r\n`;

interface KeyPair {
  key: string;
  cert: string;
}

let trusted: KeyPair;
let untrusted: KeyPair;
beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "smtp-tls-"));
  /** A self-signed certificate for localhost, made by the openssl CLI. */
  const selfSigned = (name: string): KeyPair => {
    const key = path.join(dir, `${name}.key`);
    const cert = path.join(dir, `${name}.crt`);
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost"].concat([
        "-addext",
        "subjectAltName=DNS:localhost",
        "-days",
        "2",
        "-keyout",
        key,
        "-out",
        cert,
      ]),
      { stdio: "ignore" },
    );
    return { key: readFileSync(key, "utf8"), cert: readFileSync(cert, "utf8") };
  };
  trusted = selfSigned("trusted");
  untrusted = selfSigned("untrusted");
  rmSync(dir, { recursive: true, force: true });
  // This process trusts the first one as a CA, as a deployment would trust its relay's issuer.
  const defaults = tls.getCACertificates("default");
  tls.setDefaultCACertificates([...defaults, trusted.cert]);
  return () => tls.setDefaultCACertificates(defaults);
});

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function relay(options: Parameters<typeof startRelay>[0]): Promise<Relay> {
  const started = await startRelay(options);
  cleanups.push(() => started.close());
  return started;
}

function send(url: string) {
  const pool = new SmtpPool(smtpSettings(url), 1);
  cleanups.push(() => pool.close());
  return pool.send(FROM, ["lea@example.com"], dataBytes(RAW));
}

const startTls = (pair: KeyPair) => relay({ ...pair, disabledCommands: ["AUTH"] });

/**
 * A scripted relay for handshakes the client must refuse (smtp-server's handler for a client that
 * aborts the handshake can crash Node 24 in TLSSocket.getProtocol). It offers STARTTLS, or speaks
 * TLS from the first byte with `implicit`, and records every command line it reads, in clear or not.
 */
async function startRefusedTlsPeer(pair: KeyPair, implicit = false) {
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();
  const serve = (socket: net.Socket, upgrade: (() => void) | undefined) => {
    let buffer = "";
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      for (let eol = buffer.indexOf("\r\n"); eol !== -1; eol = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        commands.push(line);
        if (line.startsWith("EHLO"))
          socket.write(`250-peer.example\r\n${upgrade ? "250-STARTTLS\r\n" : ""}250 8BITMIME\r\n`);
        else if (line === "STARTTLS" && upgrade) {
          socket.removeListener("data", onData);
          socket.write("220 2.0.0 ready\r\n", upgrade);
          return;
        } else socket.write("250 ok\r\n");
      }
    };
    socket.on("data", onData);
    socket.on("error", () => {});
  };
  const greet = (socket: net.Socket, upgrade: (() => void) | undefined) => {
    sockets.add(socket);
    serve(socket, upgrade);
    socket.write("220 peer.example ESMTP\r\n");
  };
  const secured = (socket: net.Socket) => {
    const secure = new tls.TLSSocket(socket, { isServer: true, ...pair });
    secure.on("error", () => {});
    serve(secure, undefined);
  };
  const server = implicit
    ? tls.createServer(pair, (socket) => greet(socket, undefined))
    : net.createServer((socket) => greet(socket, () => secured(socket)));
  server.on("tlsClientError", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(resolve));
  });
  return { port: (server.address() as net.AddressInfo).port, commands };
}

describe("TLS", () => {
  it("upgrades with STARTTLS when the relay offers it", async () => {
    const server = await startTls(trusted);
    await send(`smtp://localhost:${server.port}`);
    expect(server.received).toMatchObject([{ secure: true, raw: RAW }]);
    expect(server.wire()).toContain("STARTTLS\r\n");
    // After the upgrade, nothing of the message travels in clear.
    expect(server.wire()).not.toContain("MAIL FROM");
  });

  it("speaks TLS from the first byte with smtps://", async () => {
    const server = await relay({ ...trusted, secure: true, disabledCommands: ["AUTH"] });
    await send(`smtps://localhost:${server.port}`);
    expect(server.received).toMatchObject([{ secure: true, raw: RAW }]);
    expect(server.wire()).not.toContain("EHLO");
  });

  it("with ?requireTLS=true, refuses a relay without STARTTLS and sends nothing", async () => {
    const server = await relay({});
    const error = await failure(send(`smtp://localhost:${server.port}?requireTLS=true`));
    expect(error.code).toBe("ETLS");
    expect(server.wire()).not.toContain("MAIL FROM");
    expect(server.received).toEqual([]);
  });

  it("with ?ignoreTLS=true, stays in clear even when the relay offers STARTTLS", async () => {
    const server = await startTls(trusted);
    await send(`smtp://localhost:${server.port}?ignoreTLS=true`);
    expect(server.received).toMatchObject([{ secure: false, raw: RAW }]);
    expect(server.wire()).not.toContain("STARTTLS");
  });

  it("refuses a STARTTLS certificate it does not trust, before the message", async () => {
    const peer = await startRefusedTlsPeer(untrusted);
    const error = await failure(send(`smtp://localhost:${peer.port}`));
    expect(error.code).toBe("ETLS");
    expect(peer.commands).toEqual([expect.stringMatching(/^EHLO /), "STARTTLS"]);
  });

  it("refuses an smtps:// certificate it does not trust", async () => {
    const peer = await startRefusedTlsPeer(untrusted, true);
    const error = await failure(send(`smtps://localhost:${peer.port}`));
    expect(error.responseCode).toBeUndefined();
    expect(peer.commands).toEqual([]);
  });

  it("refuses a certificate for another name than the relay's", async () => {
    const peer = await startRefusedTlsPeer(trusted);
    // The certificate names localhost, not 127.0.0.1.
    const error = await failure(send(`smtp://127.0.0.1:${peer.port}`));
    expect(error.code).toBe("ETLS");
    expect(peer.commands).toEqual([expect.stringMatching(/^EHLO /), "STARTTLS"]);
  });

  // The session's timeouts apply to the TLS socket too, not only to the plain one it replaced.
  it(
    "after STARTTLS, a relay that never answers after the data fails with ETIMEDOUT",
    { timeout: 5_000 },
    async () => {
      const server = await startTls(trusted);
      server.answerWith("hang");
      const error = await failure(
        send(`smtp://localhost:${server.port}?socketTimeout=300&connectionTimeout=60000`),
      );
      expect(error.code).toBe("ETIMEDOUT");
    },
  );
});
