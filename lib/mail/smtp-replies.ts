import "server-only";
import { StringDecoder } from "node:string_decoder";
import type { SmtpError, SmtpReply } from "./smtp-types";

/**
 * The replies read from one SMTP session, in order: a pipelined group's replies may arrive in one
 * read or several, before or after they are asked for. Once the session fails, every reply still
 * waited for, and every later one, fails with that error.
 */
export class SmtpReplies {
  failure: SmtpError | undefined;
  private buffer = "";
  // A reply's UTF-8 character may arrive split between two reads.
  private readonly decoder = new StringDecoder("utf8");
  private lines: string[] = [];
  private readonly ready: SmtpReply[] = [];
  private readonly waiting: { resolve: (reply: SmtpReply) => void; reject: (error: Error) => void }[] = [];

  /** The next complete reply (the last line of a multi-line one has a space after its code). */
  next(): Promise<SmtpReply> {
    const reply = this.ready.shift();
    if (reply) return Promise.resolve(reply);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  read(chunk: Buffer): void {
    this.buffer += this.decoder.write(chunk);
    for (let eol = this.buffer.indexOf("\n"); eol !== -1; eol = this.buffer.indexOf("\n")) {
      const line = this.buffer.slice(0, eol).replace(/\r$/, "");
      this.buffer = this.buffer.slice(eol + 1);
      this.lines.push(line);
      if (line.charAt(3) === "-") continue;
      const reply = { code: Number(line.slice(0, 3)) || 0, text: this.lines.join("\n") };
      this.lines = [];
      const waiter = this.waiting.shift();
      if (waiter) waiter.resolve(reply);
      else this.ready.push(reply);
    }
  }

  fail(error: SmtpError): void {
    this.failure ??= error;
    for (const waiter of this.waiting.splice(0)) waiter.reject(this.failure);
  }
}
