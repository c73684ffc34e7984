import { signOut } from "@/lib/auth";

/** SPEC's log-out navigation: ends the session and returns to the landing page. */
export async function GET() {
  await signOut({ redirectTo: "/" });
}
