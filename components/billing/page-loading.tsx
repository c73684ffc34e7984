import { useTranslations } from "next-intl";

/** The loading text a billing screen shows while its data loads. */
export function PageLoading() {
  const t = useTranslations("common");
  return (
    <div className="flex min-h-[40vh] items-center justify-center p-6">
      <p role="status" className="text-muted-foreground">
        {t("loading")}
      </p>
    </div>
  );
}
