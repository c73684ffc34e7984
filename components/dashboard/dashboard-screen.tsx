import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { NeedsAttentionCard } from "@/components/delivery-log/needs-attention-card";
import { getAttentionSummary } from "@/lib/activity/get-attention-summary";
import { formatNearDate } from "@/lib/reminders/format-in-zone";
import { getDashboardData, isFirstVisit } from "@/lib/dashboard/get-dashboard-data";
import { firstRunChecklist } from "@/lib/dashboard/first-run-checklist";
import { loadContactOptions } from "@/lib/actions/load-contact-options";
import { toReminderUser } from "@/lib/reminders/to-reminder-user";
import { hasSenderName } from "@/lib/users/sender-name";
import type { Actor } from "@/lib/workspaces/actor";
import { isPermitted } from "@/lib/workspaces/authorize";
import { DashboardNewReminder } from "./dashboard-new-reminder";
import { DashboardQuickAdd } from "./dashboard-quick-add";
import { FirstRunChecklist } from "./first-run-checklist";
import { RecentReminders } from "./recent-reminders";
import { SenderNamePrompt } from "./sender-name-prompt";
import { UsagePanel } from "./usage-panel";

function StatCard({
  title,
  value,
  detail,
  testId,
}: {
  title: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value}</p>
        {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
      </CardContent>
    </Card>
  );
}

/**
 * The signed-in home, the Dashboard of the workspace the person acts in: greeting, four stat
 * cards, recent reminders, usage. New reminders and quick add for the roles that write.
 */
export async function DashboardScreen({ actor }: { actor: Actor }) {
  const { user, workspace } = actor;
  const t = await getTranslations("dashboard");
  const locale = await getLocale();
  const [data, attention] = await Promise.all([
    getDashboardData(workspace),
    getAttentionSummary(workspace.id),
  ]);
  const zone = user.timezone;
  const reminderUser = toReminderUser(actor);
  const writes = isPermitted(actor.role, "write");
  const checklist = firstRunChecklist(user, { contacts: data.totalContacts, reminders: data.recent.length });
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">
            {isFirstVisit(data)
              ? user.firstName
                ? t("welcomeFirst", { name: user.firstName })
                : t("welcomeFirstNoName")
              : user.firstName
                ? t("welcome", { name: user.firstName })
                : t("welcomeNoName")}
          </h1>
          <p className="text-muted-foreground">{t("subtitle")}</p>
        </div>
        {writes && (
          <DashboardNewReminder
            label={t("newReminder")}
            user={reminderUser}
            loadContacts={loadContactOptions}
          />
        )}
      </div>
      {writes && <DashboardQuickAdd user={reminderUser} />}
      {/* The checklist's first step covers the sender name while it shows; its steps add contacts
          and reminders, so it is for the roles that write. */}
      {checklist && writes ? (
        <FirstRunChecklist steps={checklist} />
      ) : (
        <SenderNamePrompt email={user.email} hasName={hasSenderName(user)} />
      )}
      <NeedsAttentionCard summary={attention} timeZone={zone} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard testId="stat-contacts" title={t("totalContacts")} value={String(data.totalContacts)} />
        <StatCard testId="stat-active" title={t("activeReminders")} value={String(data.activeReminders)} />
        <StatCard
          testId="stat-sent"
          title={t("sentThisMonth")}
          value={String(data.sentThisMonth)}
          detail={data.remaining === null ? undefined : t("remaining", { count: data.remaining })}
        />
        <StatCard
          testId="stat-next"
          title={t("nextReminder")}
          // Who and when, the status word under them.
          value={
            data.nextReminderAt ? formatNearDate(data.nextReminderAt, "dateTime", zone, locale) : t("none")
          }
          detail={
            data.nextReminderAt
              ? data.nextReminderTo
                ? t("scheduledFor", { name: data.nextReminderTo })
                : t("scheduled")
              : undefined
          }
        />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader className="flex flex-row items-center justify-between">
            <CardTitle className="text-lg">{t("recentReminders")}</CardTitle>
            <Link href="/reminders" className="text-sm text-primary underline-offset-4 hover:underline">
              {t("viewAll")}
            </Link>
          </CardHeader>
          <CardContent>
            <RecentReminders reminders={data.recent} timeZone={zone} />
          </CardContent>
        </Card>
        <UsagePanel data={data} />
      </div>
    </div>
  );
}
