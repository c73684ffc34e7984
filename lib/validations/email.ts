import { z } from "zod";

export const INVALID_EMAIL_MESSAGE = "Invalid email";

/** Converts an internationalised domain to its ASCII (punycode) form; "" when it is not a domain. */
export type AsciiDomain = (domain: string) => string;

/** The WHATWG URL's IDNA conversion, available in the browser and on the server. */
export const urlAsciiDomain: AsciiDomain = (domain) => {
  if (/[\s/?#:@\\[\]%]/.test(domain)) return "";
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return "";
  }
};

/**
 * An e-mail whose domain may be internationalised (ana@correo.españa.es): the domain is
 * stored in punycode, which every mail server understands, and the address is then checked.
 */
export function emailSchema(asciiDomain: AsciiDomain = urlAsciiDomain) {
  return z
    .string()
    .transform((value) => {
      const at = value.lastIndexOf("@");
      if (at < 1 || /^[\x00-\x7f]*$/.test(value.slice(at + 1))) return value;
      return `${value.slice(0, at)}@${asciiDomain(value.slice(at + 1))}`;
    })
    .pipe(z.email(INVALID_EMAIL_MESSAGE));
}
