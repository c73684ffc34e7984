import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ActivityScreen } from "@/components/delivery-log/activity-screen";
import { getCurrentActor } from "@/lib/auth/current-user";
import { listActivity } from "@/lib/activity/list-activity";
import { toLocale } from "@/i18n/locales";
import { listContactOptions } from "@/lib/reminders/list-contact-options";
import { activityQuerySchema } from "@/lib/validations/delivery";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("deliveryLog.activity"))("metaTitle"), robots: { index: false } };
}

/** `/activity?status=&channel=&contactId=`: every delivery of the workspace (unknown filters are ignored). */
export default async function ActivityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await getCurrentActor();
  if (!actor) redirect("/");
  const { user, workspace } = actor;
  const raw = await searchParams;
  const pick = (key: string) => (typeof raw[key] === "string" && raw[key] !== "" ? raw[key] : undefined);
  const parsed = activityQuerySchema.safeParse({
    status: pick("status"),
    channel: pick("channel"),
    contactId: pick("contactId"),
  });
  const filters = parsed.success ? parsed.data : { limit: 50 };
  const [contacts, firstPage] = await Promise.all([
    listContactOptions(workspace.id, toLocale(user.locale)),
    listActivity(workspace.id, { ...filters, limit: 50 }),
  ]);
  return (
    <ActivityScreen
      timeZone={user.timezone}
      contacts={contacts.map((c) => ({ id: c.id, name: c.name }))}
      filters={{ status: filters.status, channel: filters.channel, contactId: filters.contactId }}
      firstPage={firstPage}
    />
  );
}
