import * as authUser from "@/app/api/auth/user/route";
import type { callRoute } from "../../helpers/call-route";

type Handler = Parameters<typeof callRoute>[0];

export interface JsonEndpoint {
  name: string;
  method: "POST" | "PUT" | "PATCH";
  path: string;
  handler: Handler;
  /** Route params; ids of records the signed-in user owns are filled in by the test. */
  params?: Record<string, string>;
}

/** Every JSON endpoint that takes a body. A new route with a body belongs here. */
export const JSON_ENDPOINTS: JsonEndpoint[] = [
  { name: "PATCH /api/auth/user", method: "PATCH", path: "/api/auth/user", handler: authUser.PATCH },
];
