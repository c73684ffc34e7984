import { z } from "zod";
import { userRoute } from "@/lib/api/route";
import { openOwnedObject } from "@/lib/storage/open-owned-object";

export const GET = userRoute(
  { permission: "read", params: z.object({ id: z.string().min(1).max(64) }) },
  async ({ actor, params }) => openOwnedObject(actor.workspace.id, params.id),
);
