import { checkHealth } from "@/lib/health/check-health";

export const dynamic = "force-dynamic";

/** For load balancers: 200 when the database is reachable and migrated, else 503. */
export async function GET() {
  const health = await checkHealth();
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
