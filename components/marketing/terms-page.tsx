import { getTranslations } from "next-intl/server";

// Ten sections; quiet hours and STOP are in 4 (SMS), renewal in 5 (billing), and liability in 8.
const SECTIONS = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10"] as const;

export async function TermsPage() {
  const t = await getTranslations("terms");
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t("intro")}</p>
      <ol className="mt-8 space-y-8">
        {SECTIONS.map((key, index) => (
          <li key={key}>
            <h2 className="text-xl font-semibold">
              {`${index + 1}. `}
              {t(`sections.${key}.title`)}
            </h2>
            <p className="mt-2 leading-relaxed text-muted-foreground">{t(`sections.${key}.body`)}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}
