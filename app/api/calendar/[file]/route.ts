import { publicRoute } from "@/lib/api/route";
import { notFound } from "@/lib/errors/domain-error";
import { getCalendarFeed } from "@/lib/calendar/get-calendar-feed";
import { publicOrigin } from "@/lib/http/public-origin";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { calendarFeedParamsSchema } from "@/lib/validations/calendar";

/**
 * GET /api/calendar/<token>.ics: the user's reminders as an iCalendar feed. The token is the
 * authorisation (calendar apps send no cookie); an unknown or revoked one is a bare 404.
 */
export const GET = publicRoute(
  {
    params: calendarFeedParamsSchema,
    rateLimit: RATE_LIMITS.calendarFeed,
    // Without a trusted address, each feed has its own budget rather than every feed one.
    anonymousSubject: ({ token }) => `feed:${token}`,
  },
  async ({ request, params: { token } }) => {
    const ics = await getCalendarFeed(token, publicOrigin(request.headers));
    if (ics === null) throw notFound();
    return new Response(ics, {
      headers: {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": 'inline; filename="remindful.ics"',
        // The feed is one person's schedule: no shared cache may keep it.
        "cache-control": "private, max-age=300",
      },
    });
  },
);
