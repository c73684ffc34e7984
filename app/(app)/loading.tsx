import { getTranslations } from "next-intl/server";

/** Shown while a signed-in page (and its session lookup) is still loading. */
export default async function Loading() {
  const t = await getTranslations("common");
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-muted-foreground">
      <span
        className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent"
        aria-hidden
      />
      {t("loading")}
    </div>
  );
}
