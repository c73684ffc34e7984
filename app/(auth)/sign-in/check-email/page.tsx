import { getTranslations } from "next-intl/server";
import { MailCheck } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export default async function CheckEmailPage() {
  const t = await getTranslations("auth");
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <MailCheck className="size-10 text-primary" aria-hidden />
        <CardTitle>
          <span className="text-xl">{t("checkEmailTitle")}</span>
        </CardTitle>
        <CardDescription>{t("checkEmailBody")}</CardDescription>
      </CardHeader>
    </Card>
  );
}
