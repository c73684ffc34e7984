import { z } from "zod";
import { userRoute } from "@/lib/api/route";
import { openOwnedObject } from "@/lib/storage/open-owned-object";

export const GET = userRoute(
  { params: z.object({ id: z.string().min(1).max(64) }) },
  async ({ user, params }) => openOwnedObject(user.id, params.id),
);
