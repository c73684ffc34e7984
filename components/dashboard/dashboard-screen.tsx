import { getTranslations } from "next-intl/server";
import type { User } from "@/lib/users/find-session-user";

/** Placeholder until the dashboard lands; keeps the `{ user }` props of the real screen. */
export async function DashboardScreen({ user }: { user: User }) {
  const t = await getTranslations("home");
  return (
    <div>
      <h1 className="text-2xl font-bold">{t("welcome", { name: user.firstName ?? "" })}</h1>
      <p className="mt-2 text-muted-foreground" data-testid="signed-in-email">
        {t("signedInAs", { email: user.email })}
      </p>
    </div>
  );
}
