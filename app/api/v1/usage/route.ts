import { apiKeyRoute } from "@/lib/api/api-key-route";
import { getUsageOperation } from "@/lib/api/v1/other-operations";
import { getUsage } from "@/lib/dashboard/get-usage";

export const GET = apiKeyRoute(getUsageOperation, async ({ actor }) => getUsage(actor.workspace));
