"use server";

import { headers } from "next/headers";
import { userAction } from "@/lib/actions/user-action";
import { calendarFeedUrl } from "@/lib/calendar/calendar-feed-url";
import { rotateCalendarToken } from "@/lib/calendar/rotate-calendar-token";
import { publicOrigin } from "@/lib/http/public-origin";
import { calendarFeedLinkSchema } from "@/lib/validations/calendar";

/**
 * Settings' "Create feed link" and "Regenerate link": a new secret URL of the member's own feed of
 * the workspace (every role may have one); the previous one, if any, stops working at once.
 */
export const createCalendarFeedLink = userAction("read", calendarFeedLinkSchema, async (_input, actor) => {
  const token = await rotateCalendarToken(actor.workspace.id, actor.user.id);
  return { url: calendarFeedUrl(publicOrigin(await headers()), token) };
});
