import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { User } from "@/db/schema";

const signedIn = vi.hoisted(() => ({ user: null as User | null }));
vi.mock("@/lib/auth/current-user", () => ({ getCurrentUser: async () => signedIn.user }));

const { userAction } = await import("@/lib/actions/user-action");
const { forbidden } = await import("@/lib/errors/domain-error");

const save = userAction(z.object({ count: z.number().int().min(1) }), async ({ count }) => {
  if (count > 9) throw forbidden({ code: "reminder_limit", message: "Reminder limit reached" });
  return { count };
});

describe("userAction answers in the fetch client's shape", () => {
  beforeEach(() => {
    signedIn.user = { id: "u1" } as User;
  });

  it("answers the data", async () => {
    expect(await save({ count: 2 })).toEqual({ ok: true, data: { count: 2 } });
  });

  it("answers a refusal with its status, code, message and details", async () => {
    expect(await save({ count: 10 })).toEqual({
      ok: false,
      status: 403,
      code: "reminder_limit",
      message: "Reminder limit reached",
      details: {},
    });
    expect(await save({ count: 0 })).toMatchObject({
      ok: false,
      status: 400,
      code: "invalid_input",
      message: expect.stringMatching(/^count: /),
      details: { field: "count", issues: [expect.objectContaining({ path: "count" })] },
    });
    signedIn.user = null;
    expect(await save({ count: 2 })).toEqual({
      ok: false,
      status: 401,
      code: "unauthorized",
      message: "Unauthorized",
      details: {},
    });
  });
});
