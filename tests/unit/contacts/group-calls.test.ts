import { afterEach, describe, expect, it, vi } from "vitest";
import { addToGroup, createGroupWith, removeFromGroup } from "@/components/contacts/group-calls";
import { GROUP_MEMBERS_PER_REQUEST } from "@/lib/validations/group";

const group = (memberCount: number) => ({
  id: "g1",
  name: "Choir",
  memberCount,
  createdAt: "2026-01-01T00:00:00.000Z",
});

interface Call {
  method: string;
  url: string;
  ids: number;
}

/** Answers each request as the groups API would, or with `fail` at request `failAt`; records the calls. */
function api({ failAt = -1 } = {}) {
  const calls: Call[] = [];
  let members = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? "{}")) as { contactIds?: string[] };
      const ids = body.contactIds?.length ?? 0;
      calls.push({ method: init.method ?? "GET", url, ids });
      if (calls.length - 1 === failAt)
        return new Response(JSON.stringify({ code: "group_not_found", message: "Group not found" }), {
          status: 404,
        });
      if (url === "/api/groups") {
        members += ids;
        return new Response(JSON.stringify(group(members)), { status: 201 });
      }
      const removing = url.endsWith("/remove");
      members += removing ? -ids : ids;
      return new Response(JSON.stringify({ group: group(members), [removing ? "removed" : "added"]: ids }), {
        status: 200,
      });
    }),
  );
  return calls;
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);

afterEach(() => vi.unstubAllGlobals());

describe("group calls", () => {
  it("makes a group of more contacts than one request takes in several requests", async () => {
    const calls = api();
    const result = await createGroupWith("Choir", ids(2 * GROUP_MEMBERS_PER_REQUEST + 7));
    expect(calls).toEqual([
      { method: "POST", url: "/api/groups", ids: GROUP_MEMBERS_PER_REQUEST },
      { method: "POST", url: "/api/groups/g1/members", ids: GROUP_MEMBERS_PER_REQUEST },
      { method: "POST", url: "/api/groups/g1/members", ids: 7 },
    ]);
    expect(result).toEqual({
      ok: true,
      data: { group: group(2 * GROUP_MEMBERS_PER_REQUEST + 7), count: 2 * GROUP_MEMBERS_PER_REQUEST + 7 },
    });
  });

  it("makes a group of a few in one request", async () => {
    const calls = api();
    const result = await createGroupWith("Choir", ids(3));
    expect(calls).toEqual([{ method: "POST", url: "/api/groups", ids: 3 }]);
    expect(result.ok && result.data.count).toBe(3);
  });

  it("stops at the first refusal and answers it", async () => {
    const calls = api({ failAt: 1 });
    const result = await addToGroup("g1", ids(3 * GROUP_MEMBERS_PER_REQUEST));
    expect(calls).toHaveLength(2);
    expect(result).toMatchObject({ ok: false, status: 404, code: "group_not_found" });
  });

  it("counts what each request took out", async () => {
    api();
    const result = await removeFromGroup("g1", ids(GROUP_MEMBERS_PER_REQUEST + 1));
    expect(result.ok && result.data.count).toBe(GROUP_MEMBERS_PER_REQUEST + 1);
  });

  it("answers a failed fetch as a failure without a status", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await addToGroup("g1", ids(1))).toMatchObject({ ok: false, status: 0 });
  });
});
