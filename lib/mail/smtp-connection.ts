import "server-only";
import net from "node:net";
import tls from "node:tls";
import { SmtpReplies } from "./smtp-replies";
import { SmtpError, type SmtpReply, type SmtpSettings } from "./smtp-types";

/** A message to send: its envelope and its DATA bytes (dataBytes). */
export interface SmtpMessage {
  from: string;
  to: string[];
  data: Buffer;
}

/** What the relay said to a message it took. */
export interface SmtpSent {
  accepted: string[];
  rejected: string[];
  response: string;
}

/**
 * Lines of `raw` as DATA carries them (RFC 5321 4.5.2): CRLF line ends (a bare LF, or a CR that
 * ends the message, becomes one), a leading dot doubled, then a line of one dot.
 */
export function dataBytes(raw: string): Buffer {
  const text = raw.replace(/\r?\n|\r$/g, "\r\n").replace(/(^|\r\n)\./g, "$1..");
  return Buffer.from(`${text}${text.endsWith("\r\n") ? "" : "\r\n"}.\r\n`, "utf8");
}

/**
 * One SMTP session (RFC 5321) on one socket: greeting, EHLO, STARTTLS and AUTH when asked for,
 * then one message at a time. With the relay's PIPELINING (RFC 2920), MAIL, RCPT and DATA go in
 * one write and their replies are read together: two round trips per message instead of four,
 * which on a fast relay was most of the engine's CPU per e-mail (docs/PERFORMANCE.md).
 */
export class SmtpConnection {
  private socket: net.Socket;
  private readonly replies = new SmtpReplies();
  /** The message whose envelope went out with the previous message's body (see send). */
  private ahead: SmtpMessage | undefined;
  private extensions = new Set<string>();
  private authMethods: string[] = [];
  private readonly onData = (chunk: Buffer) => this.replies.read(chunk);

  private constructor(
    socket: net.Socket,
    private readonly settings: SmtpSettings,
  ) {
    this.socket = socket;
    this.attach(socket);
  }

  /** Opens a session ready for messages, or fails with the step that went wrong. */
  static async open(settings: SmtpSettings): Promise<SmtpConnection> {
    const socket = settings.secure
      ? tls.connect({ host: settings.host, port: settings.port, servername: serverName(settings.host) })
      : net.connect({ host: settings.host, port: settings.port });
    // Each command is answered at once: no Nagle delay on the message's last write.
    socket.setNoDelay(true);
    socket.setTimeout(settings.connectionTimeoutMs);
    const connection = new SmtpConnection(socket, settings);
    try {
      connection.expect(await connection.next(), 220, "CONN", "ECONNECTION");
      await connection.hello();
      if (
        !settings.secure &&
        !settings.ignoreTLS &&
        (connection.extensions.has("STARTTLS") || settings.requireTLS)
      ) {
        connection.expect(await connection.command("STARTTLS"), 220, "STARTTLS", "ETLS");
        await connection.upgrade();
        await connection.hello();
      }
      if (settings.user !== undefined) await connection.authenticate(settings.user, settings.pass ?? "");
      // The session's socket: the TLS one after STARTTLS, not the plain one it wraps.
      connection.socket.setTimeout(settings.socketTimeoutMs);
      return connection;
    } catch (error) {
      connection.destroy();
      throw error;
    }
  }

  /** False once the socket has closed or failed: the pool then opens another. */
  get usable(): boolean {
    return this.replies.failure === undefined && !this.socket.destroyed;
  }

  /**
   * Sends one message; rejects with an SmtpError (the relay's reply code when it gave one). With
   * PIPELINING, `next` may hand over the message to send after this one: its envelope then goes
   * in the same write as this one's body (RFC 2920 allows the message's content first in a
   * group), and its own send reads the replies: one write per message instead of two.
   */
  async send(message: SmtpMessage, next?: () => SmtpMessage | undefined): Promise<SmtpSent> {
    const { to, data } = message;
    const pipelining = this.extensions.has("PIPELINING");
    // Its envelope already went out (and was checked) with the previous message's body.
    const sentAhead = pipelining && this.ahead === message;
    this.ahead = undefined;
    const commands = sentAhead ? [] : this.envelope(message);
    const replies: SmtpReply[] = [];
    // A relay may close the connection instead of answering a pipelined DATA after refusing the
    // envelope (Exim does): the refusal read before that is still the answer.
    let lost: unknown;
    if (pipelining) {
      if (!sentAhead) this.write(asGroup(commands));
      try {
        // MAIL, one RCPT per recipient, DATA.
        for (let i = 0; i < to.length + 2; i++) replies.push(await this.next());
      } catch (error) {
        if (replies.length === 0) throw error;
        lost = error;
      }
    } else {
      // One at a time, stopping where the transaction cannot go on.
      replies.push(await this.command(commands[0]));
      if (ok(replies[0])) {
        for (const command of commands.slice(1, -1)) replies.push(await this.command(command));
        if (replies.slice(1).some(ok)) replies.push(await this.command("DATA"));
      }
    }
    const [mail, ...rest] = replies;
    const rcpts = rest.slice(0, to.length);
    const dataReply = rest[to.length];
    const accepted = to.filter((_, i) => ok(rcpts[i]));
    const rejected = to.filter((r) => !accepted.includes(r));
    if (!ok(mail) || (rcpts.length === to.length && accepted.length === 0)) {
      // RFC 2920 3.1: a relay that opened DATA for a refused envelope gets an empty message.
      if (dataReply?.code === 354) await this.command(".").catch(() => undefined);
      await this.reset();
      throw !ok(mail)
        ? SmtpError.fromReply(mail, "MAIL FROM")
        : SmtpError.fromReply(rcpts.find((r) => !ok(r)) ?? mail, "RCPT TO");
    }
    if (lost !== undefined) throw lost;
    if (dataReply?.code !== 354) {
      await this.reset();
      throw SmtpError.fromReply(dataReply ?? mail, "DATA");
    }
    const following = pipelining ? next?.() : undefined;
    const followingCommands = following && this.groupOf(following);
    if (following && followingCommands) {
      // One writev for both (cork holds the first write until uncork).
      this.socket.cork();
      this.write(data);
      this.write(followingCommands);
      this.socket.uncork();
      this.ahead = following;
    } else {
      this.write(data);
    }
    const final = await this.next();
    if (!ok(final)) throw SmtpError.fromReply(final, "DATA");
    return { accepted, rejected, response: final.text };
  }

  /** MAIL, RCPT and DATA for a message; an address that could end a command line is refused. */
  private envelope({ from, to }: SmtpMessage): string[] {
    // Its text would otherwise be read as commands.
    const unsafe = [from, ...to].find((address) => /[\r\n<>]/.test(address));
    if (unsafe !== undefined) throw new SmtpError(`Invalid address ${JSON.stringify(unsafe)}`, "EENVELOPE");
    const utf8 = this.extensions.has("SMTPUTF8") && /[^\x00-\x7f]/.test([from, ...to].join(""));
    return [`MAIL FROM:<${from}>${utf8 ? " SMTPUTF8" : ""}`, ...to.map((r) => `RCPT TO:<${r}>`), "DATA"];
  }

  /** The envelope as one pipelined group; none for a message its own send will refuse. */
  private groupOf(message: SmtpMessage): string | undefined {
    try {
      return asGroup(this.envelope(message));
    } catch {
      return undefined;
    }
  }

  /** Says goodbye and closes; a session that is gone already is simply dropped. */
  close(): void {
    if (this.usable) this.socket.end("QUIT\r\n");
    this.socket.destroySoon();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private command(line: string): Promise<SmtpReply> {
    this.write(`${line}\r\n`);
    return this.next();
  }

  private async hello() {
    const reply = await this.command(`EHLO ${this.settings.name}`);
    if (!ok(reply)) {
      // A relay without ESMTP: HELO, and none of the extensions.
      this.expect(await this.command(`HELO ${this.settings.name}`), 250, "HELO");
      this.extensions = new Set();
      return;
    }
    const lines = reply.text
      .split("\n")
      .slice(1)
      .map((line) => line.slice(4).trim().toUpperCase());
    this.extensions = new Set(lines.map((line) => line.split(/[ =]/)[0]));
    this.authMethods =
      lines
        .find((line) => /^AUTH[ =]/.test(line))
        ?.slice(5)
        .split(/\s+/) ?? [];
  }

  private async authenticate(user: string, pass: string) {
    if (this.authMethods.includes("LOGIN") && !this.authMethods.includes("PLAIN")) {
      this.expect(await this.command("AUTH LOGIN"), 334, "AUTH LOGIN", "EAUTH");
      this.expect(await this.command(base64(user)), 334, "AUTH LOGIN", "EAUTH");
      this.expect(await this.command(base64(pass)), 235, "AUTH LOGIN", "EAUTH");
    } else {
      this.expect(
        await this.command(`AUTH PLAIN ${base64(`\0${user}\0${pass}`)}`),
        235,
        "AUTH PLAIN",
        "EAUTH",
      );
    }
  }

  private async upgrade() {
    const plain = this.socket;
    plain.removeListener("data", this.onData);
    // The TLS socket times the session from now on.
    plain.setTimeout(0);
    plain.removeAllListeners("timeout");
    // `host` names what the certificate must match: without it, Node checks an address's against "localhost".
    const secure = tls.connect({
      socket: plain,
      host: this.settings.host,
      servername: serverName(this.settings.host),
    });
    // Failures after the handshake go to attach's listener; this one keeps a late one from throwing.
    secure.on("error", () => {});
    await new Promise<void>((resolve, reject) => {
      secure.once("secureConnect", resolve);
      secure.once("error", reject);
    }).catch((error: NodeJS.ErrnoException) => {
      throw new SmtpError(`TLS negotiation failed: ${error.message}`, "ETLS");
    });
    secure.setNoDelay(true);
    secure.setTimeout(this.settings.connectionTimeoutMs);
    this.socket = secure;
    this.attach(secure);
  }

  private async reset() {
    if (!this.usable) return;
    // A session that cannot say where it stands is not used again.
    if (!ok(await this.command("RSET").catch(() => undefined))) this.destroy();
  }

  private expect(reply: SmtpReply, code: number, step: string, errorCode = "EPROTOCOL") {
    if (reply.code !== code) throw SmtpError.fromReply(reply, step, errorCode);
  }

  private attach(socket: net.Socket) {
    socket.on("data", this.onData);
    socket.on("error", (error: NodeJS.ErrnoException) =>
      this.replies.fail(new SmtpError(error.message, error.code ?? "ESOCKET")),
    );
    socket.on("timeout", () => {
      this.replies.fail(new SmtpError("Timeout waiting for the mail server", "ETIMEDOUT"));
      socket.destroy();
    });
    socket.on("close", () =>
      this.replies.fail(new SmtpError("Connection closed by the mail server", "ECONNECTION")),
    );
  }

  private write(data: string | Buffer) {
    if (this.replies.failure) return;
    this.socket.write(data);
  }

  private next(): Promise<SmtpReply> {
    return this.replies.next();
  }
}

function asGroup(commands: string[]): string {
  return commands.map((c) => `${c}\r\n`).join("");
}

function base64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

function ok(reply: SmtpReply | undefined): reply is SmtpReply {
  return reply !== undefined && reply.code >= 200 && reply.code < 300;
}

/** SNI names a host, never an address (RFC 6066). */
function serverName(host: string): string | undefined {
  return net.isIP(host) ? undefined : host;
}
