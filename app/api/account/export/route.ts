import { userRoute } from "@/lib/api/route";
import { replicaDb } from "@/lib/db/replica";
import { exportAccountData } from "@/lib/account/export-account-data";

/** GET /api/account/export: the signed-in user's data as a JSON file download. */
// Each export reads the whole account: a few a minute is plenty for a person.
export const GET = userRoute(
  { rateLimit: { name: "account-export", limit: 5, windowSeconds: 60 } },
  async ({ user }) => {
    const data = await exportAccountData(replicaDb, user);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="remindful-export-${data.exportedAt.slice(0, 10)}.json"`,
        "cache-control": "no-store",
      },
    });
  },
);
