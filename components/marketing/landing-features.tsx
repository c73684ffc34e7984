import { getTranslations } from "next-intl/server";
import { LANDING_FEATURES, featureStartsAt } from "./landing-feature-list";

/**
 * "What makes Remindful different": what it does beyond a text by e-mail, SMS or WhatsApp, one
 * card each, with the plan a feature starts from when Free does not have it.
 */
export async function LandingFeatures() {
  const [t, tPlans] = await Promise.all([getTranslations("landing"), getTranslations("plans")]);
  return (
    <section aria-labelledby="features" className="bg-muted/40 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="features" className="text-center text-3xl font-bold">
          {t("featuresTitle")}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-muted-foreground">
          {t("featuresSubtitle")}
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="landing-features">
          {LANDING_FEATURES.map((feature) => {
            const { key, icon: Icon } = feature;
            const plan = featureStartsAt(feature);
            return (
              <li key={key} className="flex flex-col rounded-xl border bg-card p-6 text-card-foreground">
                <Icon className="size-8 text-primary" aria-hidden />
                <h3 className="mt-4 text-lg font-semibold">{t(`features.${key}.title`)}</h3>
                <p className="mt-2 text-muted-foreground">{t(`features.${key}.body`)}</p>
                {plan ? (
                  <p className="mt-auto pt-4 text-sm font-medium text-primary">
                    {t("featureFromPlan", { plan: tPlans(`names.${plan}`) })}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
