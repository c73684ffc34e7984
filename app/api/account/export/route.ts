import { userRoute } from "@/lib/api/route";
import { db } from "@/lib/db";
import { exportAccountData } from "@/lib/users/export-account-data";

/** GET /api/account/export: the signed-in user's data as a JSON file download. */
export const GET = userRoute({}, async ({ user }) => {
  const data = await exportAccountData(db, user);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="remindful-export-${data.exportedAt.slice(0, 10)}.json"`,
      "cache-control": "no-store",
    },
  });
});
