"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signIn } from "@/lib/auth";
import { DomainError } from "@/lib/errors/domain-error";
import { limitMagicLinkRequests } from "@/lib/auth/limit-magic-link-requests";
import { clientAddress } from "@/lib/http/client-address";
import { magicLinkSchema } from "@/lib/validations/auth";
import { channelReadiness } from "@/lib/channels/channel-readiness";
import { logger } from "@/lib/logger";

export type MagicLinkState = { error?: "invalidEmail" | "tooManyRequests" | "sendFailed" };

/** Sends the magic link; Auth.js then redirects to the check-email page. */
export async function requestMagicLink(_state: MagicLinkState, formData: FormData): Promise<MagicLinkState> {
  const parsed = magicLinkSchema.safeParse({
    email: formData.get("email"),
    callbackUrl: formData.get("callbackUrl") || undefined,
  });
  if (!parsed.success) return { error: "invalidEmail" };
  const email = parsed.data.email.toLowerCase();
  // No mailer at all (production without SMTP_URL): say so before Auth.js tries, whose failed
  // attempt also leaves a promise rejected before it is awaited.
  if (!channelReadiness("email").ready) {
    logger.warn("auth.mail_not_configured", { missing: "SMTP_URL" });
    return { error: "sendFailed" };
  }
  try {
    await limitMagicLinkRequests(email, clientAddress(await headers()));
  } catch (error) {
    if (error instanceof DomainError && error.kind === "rate_limited") return { error: "tooManyRequests" };
    throw error;
  }
  // Auth.js would redirect to its own /api/auth/verify-request URL; the address bar should
  // show our page. A failed send (no mailer, a relay down) does not throw: Auth.js logs it and
  // answers with its error page's URL, and the visitor must hear that no link is coming.
  let target: string;
  try {
    target = await signIn("nodemailer", {
      email,
      redirectTo: parsed.data.callbackUrl ?? "/",
      redirect: false,
    });
  } catch {
    return { error: "sendFailed" };
  }
  if (new URL(target, "http://localhost").searchParams.has("error")) return { error: "sendFailed" };
  redirect("/sign-in/check-email");
}
