import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Actor } from "@/lib/workspaces/actor";

const signedIn = vi.hoisted(() => ({ actor: null as Actor | null }));
vi.mock("@/lib/auth/current-user", () => ({ getCurrentActor: async () => signedIn.actor }));

const { userAction } = await import("@/lib/actions/user-action");
const { forbidden } = await import("@/lib/errors/domain-error");

const save = userAction("write", z.object({ count: z.number().int().min(1) }), async ({ count }) => {
  if (count > 9) throw forbidden({ code: "reminder_limit", message: "Reminder limit reached" });
  return { count };
});

describe("userAction answers in the fetch client's shape", () => {
  beforeEach(() => {
    signedIn.actor = { user: { id: "u1" }, workspace: { id: "u1" }, role: "member" } as Actor;
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
    signedIn.actor = null;
    expect(await save({ count: 2 })).toEqual({
      ok: false,
      status: 401,
      code: "unauthorized",
      message: "Unauthorized",
      details: {},
    });
  });

  it("answers a role without the action's permission with 403 role_forbidden, before reading the input", async () => {
    signedIn.actor = { user: { id: "u1" }, workspace: { id: "u1" }, role: "viewer" } as Actor;
    expect(await save({ count: "not a number" } as never)).toMatchObject({
      ok: false,
      status: 403,
      code: "role_forbidden",
      details: { permission: "write", role: "viewer" },
    });
  });
});
