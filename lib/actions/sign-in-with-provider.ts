"use server";

import { signIn } from "@/lib/auth";
import { providerSignInSchema } from "@/lib/validations/auth";

/** Starts Google or GitHub sign-in; Auth.js redirects to the provider. */
export async function signInWithProvider(provider: "google" | "github", formData: FormData) {
  const parsed = providerSignInSchema.safeParse({
    provider,
    callbackUrl: formData.get("callbackUrl") ?? undefined,
  });
  if (!parsed.success) return;
  await signIn(parsed.data.provider, { redirectTo: parsed.data.callbackUrl ?? "/" });
}
