import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PRICE_PER_REMINDER_CENTS } from "@/config/plans";
import { formatMoney } from "@/lib/plans/format-money";
import { getPlan } from "@/lib/plans/get-plan";
import { FEATURED_TIME_ZONES, allTimeZones } from "@/lib/time/time-zones";
import type { Actor } from "@/lib/workspaces/actor";
import { FailureAlertsSetting, type SaveFailureAlerts } from "./failure-alerts-setting";
import { AccountDataCard } from "./account-data-card";
import { CalendarFeedCard, type CreateCalendarFeedLink } from "./calendar-feed-card";
import { formatPhone, phoneRegionOf } from "@/lib/validations/phone";
import { SettingsForm } from "./settings-form";
import { LanguageSetting } from "./language-setting";
import { languageNames } from "@/components/layout/language-names";
import { toLocale } from "@/i18n/locales";
import { saveLocale } from "@/lib/actions/save-locale";

/** `/settings`: profile form and the Account Information card. */
export async function SettingsScreen({
  actor,
  saveFailureAlerts,
  calendarFeedUrl,
  createCalendarFeedLink,
}: {
  actor: Actor;
  saveFailureAlerts: SaveFailureAlerts;
  /** The member's feed URL of the workspace, null until one is created. */
  calendarFeedUrl: string | null;
  createCalendarFeedLink: CreateCalendarFeedLink;
}) {
  const [t, tPlans, tAlerts, tTrail, tTeam, locale] = await Promise.all([
    getTranslations("settings"),
    getTranslations("plans"),
    getTranslations("deliveryLog.settings"),
    getTranslations("trail"),
    getTranslations("team.settingsCard"),
    getLocale(),
  ]);
  const { user, workspace } = actor;
  const plan = getPlan(workspace.planType);
  const featured = new Set<string>(FEATURED_TIME_ZONES);
  const summary =
    plan.remindersLimit === null
      ? tPlans("pricePerReminder", { price: formatMoney(PRICE_PER_REMINDER_CENTS, locale) })
      : tPlans(plan.planType === "trial" ? "summaryTrial" : "summary", {
          contacts: plan.contactsLimit,
          reminders: plan.remindersLimit,
        });
  const upgrade = plan.planType === "trial" || plan.planType === "free";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("profileTitle")}</CardTitle>
          <CardDescription>{t("profileDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <SettingsForm
            email={user.email}
            initial={{
              firstName: user.firstName ?? "",
              lastName: user.lastName ?? "",
              senderName: user.senderName ?? "",
              phone: user.phone ? formatPhone(user.phone) : "",
              timezone: user.timezone,
            }}
            featuredZones={FEATURED_TIME_ZONES}
            otherZones={allTimeZones().filter((zone) => !featured.has(zone))}
            phoneRegion={phoneRegionOf(user)}
          />
          <div className="mt-6 border-t pt-6">
            <LanguageSetting locale={toLocale(locale)} names={await languageNames()} persist={saveLocale} />
          </div>
        </CardContent>
      </Card>
      <Card data-testid="notification-settings">
        <CardHeader>
          <CardTitle>{tAlerts("title")}</CardTitle>
          <CardDescription>{tAlerts("description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <FailureAlertsSetting initial={user.failureAlerts} save={saveFailureAlerts} />
        </CardContent>
      </Card>
      <CalendarFeedCard initialUrl={calendarFeedUrl} createLink={createCalendarFeedLink} />
      <Card data-testid="team-link">
        <CardHeader>
          <CardTitle>{tTeam("title")}</CardTitle>
          <CardDescription>{tTeam("description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link href="/settings/team" className={buttonVariants({ variant: "outline" })}>
            {tTeam("link")}
          </Link>
        </CardContent>
      </Card>
      <Card data-testid="developers-link">
        <CardHeader>
          <CardTitle>{t("developersTitle")}</CardTitle>
          <CardDescription>{t("developersDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link href="/settings/developers" className={buttonVariants({ variant: "outline" })}>
            {t("developersLink")}
          </Link>
        </CardContent>
      </Card>
      <Card data-testid="trail-link">
        <CardHeader>
          <CardTitle>{tTrail("title")}</CardTitle>
          <CardDescription>{tTrail("settingsDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link href="/settings/team/activity" className={buttonVariants({ variant: "outline" })}>
            {tTrail("open")}
          </Link>
        </CardContent>
      </Card>
      <Card data-testid="account-information">
        <CardHeader>
          <CardTitle>{t("accountTitle")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted-foreground">{t("plan")}</dt>
            <dd>
              <p className="font-medium">{tPlans(`names.${plan.planType}`)}</p>
              <p className="text-muted-foreground">{summary}</p>
            </dd>
            <dt className="text-muted-foreground">{t("status")}</dt>
            <dd>
              <Badge variant={workspace.isActive ? "default" : "destructive"}>
                {workspace.isActive ? t("active") : t("inactive")}
              </Badge>
            </dd>
          </dl>
          <Link href="/pricing" className={buttonVariants({ variant: upgrade ? "default" : "outline" })}>
            {upgrade ? t("upgradePlan") : t("changePlan")}
          </Link>
        </CardContent>
      </Card>
      <AccountDataCard email={user.email} />
    </div>
  );
}
