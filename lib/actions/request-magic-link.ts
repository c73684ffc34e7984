"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signIn } from "@/lib/auth";
import { DomainError } from "@/lib/errors/domain-error";
import { limitMagicLinkRequests } from "@/lib/auth/limit-magic-link-requests";
import { clientAddress } from "@/lib/http/client-address";
import { magicLinkSchema } from "@/lib/validations/auth";

export type MagicLinkState = { error?: "invalidEmail" | "tooManyRequests" };

/** Sends the magic link; Auth.js then redirects to the check-email page. */
export async function requestMagicLink(_state: MagicLinkState, formData: FormData): Promise<MagicLinkState> {
  const parsed = magicLinkSchema.safeParse({
    email: formData.get("email"),
    callbackUrl: formData.get("callbackUrl") || undefined,
  });
  if (!parsed.success) return { error: "invalidEmail" };
  const email = parsed.data.email.toLowerCase();
  try {
    await limitMagicLinkRequests(email, clientAddress(await headers()));
  } catch (error) {
    if (error instanceof DomainError && error.kind === "rate_limited") return { error: "tooManyRequests" };
    throw error;
  }
  // Auth.js would redirect to its own /api/auth/verify-request URL; the address bar should
  // show our page.
  await signIn("nodemailer", { email, redirectTo: parsed.data.callbackUrl ?? "/", redirect: false });
  redirect("/sign-in/check-email");
}
