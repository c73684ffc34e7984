import { publicRoute } from "@/lib/api/route";
import { EXPOSITION_CONTENT_TYPE } from "@/lib/health/exposition";
import { readMetrics } from "@/lib/health/read-metrics";

export const dynamic = "force-dynamic";

/** For Prometheus: the delivery system's gauges, with `Authorization: Bearer <METRICS_TOKEN>`. */
export const GET = publicRoute({}, async ({ request }) => {
  const text = await readMetrics(request.headers.get("authorization"));
  return new Response(text, {
    headers: { "Content-Type": EXPOSITION_CONTENT_TYPE, "Cache-Control": "no-store" },
  });
});
