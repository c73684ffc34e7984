import { describe, expect, it } from "vitest";
import { smtpSettings } from "@/lib/mail/smtp-settings";

describe("smtpSettings", () => {
  it("smtp:// defaults to port 587 and STARTTLS when offered, with the default timeouts", () => {
    const settings = smtpSettings("smtp://relay.example");
    expect(settings).toMatchObject({
      host: "relay.example",
      port: 587,
      secure: false,
      requireTLS: false,
      ignoreTLS: false,
      connectionTimeoutMs: 10_000,
      socketTimeoutMs: 15_000,
    });
    expect(settings.user).toBeUndefined();
    expect(settings.pass).toBeUndefined();
  });

  it("smtps:// defaults to port 465 and TLS from the start", () => {
    expect(smtpSettings("smtps://relay.example")).toMatchObject({ port: 465, secure: true });
  });

  it("keeps an explicit port and strips an IPv6 address's brackets", () => {
    expect(smtpSettings("smtp://relay.example:2525")).toMatchObject({ host: "relay.example", port: 2525 });
    expect(smtpSettings("smtps://[::1]:1465")).toMatchObject({ host: "::1", port: 1465, secure: true });
  });

  it("decodes the user and password", () => {
    expect(smtpSettings("smtp://mail%2Bbot%40remindful.example:p%40ss%3Aw%2Fd@relay.example")).toMatchObject({
      user: "mail+bot@remindful.example",
      pass: "p@ss:w/d",
    });
    expect(smtpSettings("smtp://apikey@relay.example")).toMatchObject({ user: "apikey", pass: "" });
  });

  it("reads the flags as true or 1, anything else as off", () => {
    expect(smtpSettings("smtp://relay.example?requireTLS=true")).toMatchObject({
      requireTLS: true,
      ignoreTLS: false,
    });
    expect(smtpSettings("smtp://relay.example?ignoreTLS=1")).toMatchObject({
      requireTLS: false,
      ignoreTLS: true,
    });
    expect(smtpSettings("smtp://relay.example?requireTLS=false&ignoreTLS=0")).toMatchObject({
      requireTLS: false,
      ignoreTLS: false,
    });
  });

  it("takes EHLO's name from ?name", () => {
    expect(smtpSettings("smtp://relay.example?name=mail.remindful.example").name).toBe(
      "mail.remindful.example",
    );
    expect(smtpSettings("smtp://relay.example").name).toMatch(
      /^(\[\d{1,3}(\.\d{1,3}){3}\]|[^\s.]+(\.[^\s.]+)+)$/,
    );
  });

  it("takes the timeouts in milliseconds and refuses anything else", () => {
    expect(smtpSettings("smtp://relay.example?connectionTimeout=2500&socketTimeout=300")).toMatchObject({
      connectionTimeoutMs: 2500,
      socketTimeoutMs: 300,
    });
    for (const value of ["0", "-5", "1.5", "10s", ""]) {
      expect(() => smtpSettings(`smtp://relay.example?socketTimeout=${value}`)).toThrow(
        'SMTP_URL option "socketTimeout" takes milliseconds',
      );
    }
  });

  it("refuses an option it does not know, naming the ones it does", () => {
    expect(() => smtpSettings("smtp://relay.example?pool=true")).toThrow(
      'SMTP_URL option "pool" is not supported (requireTLS, ignoreTLS, connectionTimeout, socketTimeout, name)',
    );
    expect(() => smtpSettings("smtp://relay.example?requireTls=true")).toThrow(
      'option "requireTls" is not supported',
    );
  });

  it("refuses an EHLO name that is not one word (it would start another command)", () => {
    expect(smtpSettings("smtp://relay.example?name=mail.example.com").name).toBe("mail.example.com");
    for (const name of ["a%0D%0ARSET", "two%20words", ""]) {
      expect(() => smtpSettings(`smtp://relay.example?name=${name}`)).toThrow(
        'SMTP_URL option "name" must be one word',
      );
    }
  });

  it("refuses another scheme", () => {
    expect(() => smtpSettings("http://relay.example")).toThrow(
      "SMTP_URL must start with smtp:// or smtps:// (got http:)",
    );
    expect(() => smtpSettings("not a url")).toThrow();
  });
});
