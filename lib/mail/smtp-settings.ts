import "server-only";
import os from "node:os";
import type { SmtpSettings } from "./smtp-types";

const FLAGS = ["requireTLS", "ignoreTLS"] as const;
const TIMEOUTS = { connectionTimeout: 10_000, socketTimeout: 15_000 } as const;
const OPTIONS = [...FLAGS, ...Object.keys(TIMEOUTS), "name"];

/**
 * SMTP_URL → the client's settings: `smtp://` (STARTTLS when the relay offers it) or `smtps://`
 * (TLS from the start), `user:pass@` for AUTH, and in the query `requireTLS`, `ignoreTLS`, `name`
 * (EHLO's name), `connectionTimeout` and `socketTimeout` (ms: until the session is ready; waiting
 * for a reply or idle). Any other option is refused rather than silently ignored.
 */
export function smtpSettings(url: string): SmtpSettings {
  const parsed = new URL(url);
  if (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") {
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${parsed.protocol})`);
  }
  const secure = parsed.protocol === "smtps:";
  const options = new Map(parsed.searchParams);
  for (const key of options.keys()) {
    if (!OPTIONS.includes(key)) {
      throw new Error(`SMTP_URL option "${key}" is not supported (${OPTIONS.join(", ")})`);
    }
  }
  const timeout = (key: keyof typeof TIMEOUTS) => {
    const value = options.get(key);
    if (value === undefined) return TIMEOUTS[key];
    if (!/^\d+$/.test(value) || Number(value) < 1)
      throw new Error(`SMTP_URL option "${key}" takes milliseconds`);
    return Number(value);
  };
  const name = options.get("name");
  // EHLO's argument is one word: a space or line break would start another command.
  if (name !== undefined && !/^[^\s]+$/.test(name))
    throw new Error(`SMTP_URL option "name" must be one word`);
  const flag = (key: (typeof FLAGS)[number]) => options.get(key) === "true" || options.get(key) === "1";
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    requireTLS: flag("requireTLS"),
    ignoreTLS: flag("ignoreTLS"),
    name: name ?? ehloName(),
    ...(parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : {}),
    // A peer that stops answering fails the send (retried later) instead of holding it for minutes.
    connectionTimeoutMs: timeout("connectionTimeout"),
    socketTimeoutMs: timeout("socketTimeout"),
  };
}

/** This machine's name when it is a domain name, else an address literal (RFC 5321 4.1.1.1). */
function ehloName(): string {
  const host = os.hostname();
  if (!host.includes(".")) return "[127.0.0.1]";
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ? `[${host}]` : host;
}
