import { notFound, redirect } from "next/navigation";
import { getCurrentActor } from "@/lib/auth/current-user";
import { isDemoCheckoutEnabled } from "@/lib/payments/demo-checkout";

/**
 * The demo checkout, signed in like the (app) group but outside its loading boundary: a
 * notFound() there is streamed after the shell and answers 200 with two `main` landmarks; here it
 * comes before anything is sent, a real 404 with the 404 page alone. The page draws the app shell
 * itself, once it knows the order exists.
 */
export default async function DemoCheckoutLayout({ children }: { children: React.ReactNode }) {
  if (!isDemoCheckoutEnabled()) notFound();
  if (!(await getCurrentActor())) redirect("/");
  return children;
}
