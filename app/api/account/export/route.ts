import { userRoute } from "@/lib/api/route";
import { replicaDb } from "@/lib/db/replica";
import { exportAccountData } from "@/lib/account/export-account-data";

/**
 * GET /api/account/export: the workspace's data, its members and trail, and the person's own
 * profile, as a JSON file download. It holds every member's and contact's personal data, so it
 * is the owner's (`own`) to take.
 */
// Each export reads the whole workspace: a few a minute is plenty for a person.
export const GET = userRoute(
  { permission: "own", rateLimit: { name: "account-export", limit: 5, windowSeconds: 60 } },
  async ({ actor }) => {
    const data = await exportAccountData(replicaDb, actor);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="remindful-export-${data.exportedAt.slice(0, 10)}.json"`,
        "cache-control": "no-store",
      },
    });
  },
);
