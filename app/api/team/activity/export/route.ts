import { userRoute } from "@/lib/api/route";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { streamTrailCsv } from "@/lib/trail/stream-trail-csv";
import { trailFilterSchema } from "@/lib/validations/trail";

/** Every line of the trail's filter as a CSV file in the reader's language (streamed). */
export const GET = userRoute(
  { permission: "read", query: trailFilterSchema, rateLimit: RATE_LIMITS.trailExport },
  async ({ actor, query }) => {
    const day = new Date().toISOString().slice(0, 10);
    return new Response(streamTrailCsv(actor.workspace.id, query, actor.user.locale), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="activity-trail-${day}.csv"`,
        "cache-control": "no-store",
      },
    });
  },
);
