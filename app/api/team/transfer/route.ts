import { userRoute } from "@/lib/api/route";
import { transferOwnership } from "@/lib/team/transfer-ownership";
import { transferOwnershipSchema } from "@/lib/validations/team";

export const POST = userRoute(
  { permission: "own", body: transferOwnershipSchema },
  async ({ actor, body }) => {
    await transferOwnership(actor, body.userId);
  },
);
