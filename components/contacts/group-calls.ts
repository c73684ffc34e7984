import { apiResult } from "@/lib/api-client/request";
import type { CallFailure, CallResult } from "@/lib/api-client/call-result";
import { GROUP_MEMBERS_PER_REQUEST } from "@/lib/validations/group";

/** A group as GET /api/groups answers it (instants as ISO text). */
export interface GroupView {
  id: string;
  name: string;
  memberCount: number;
  createdAt: string;
}

/** What a refused or unanswered call leaves the screen to say. */
const NETWORK: CallFailure = { ok: false, status: 0, code: null, message: "", details: {} };

async function call<T>(method: string, url: string, body?: unknown): Promise<CallResult<T>> {
  return apiResult<T>(method, url, body).catch(() => NETWORK);
}

/** A request takes at most GROUP_MEMBERS_PER_REQUEST contacts: a larger choice goes in several. */
function chunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += GROUP_MEMBERS_PER_REQUEST)
    out.push(ids.slice(i, i + GROUP_MEMBERS_PER_REQUEST));
  return out;
}

/** The user's groups, by name. */
export async function fetchGroups(): Promise<CallResult<GroupView[]>> {
  const result = await call<{ groups: GroupView[] }>("GET", "/api/groups");
  return result.ok ? { ok: true, data: result.data.groups } : result;
}

/** Adds contacts to a group; `count` is how many were not in it yet. */
export async function addToGroup(
  groupId: string,
  contactIds: readonly string[],
): Promise<CallResult<{ group: GroupView; count: number }>> {
  let count = 0;
  let group: GroupView | null = null;
  for (const part of chunks(contactIds)) {
    const result = await call<{ group: GroupView; added: number }>(
      "POST",
      `/api/groups/${encodeURIComponent(groupId)}/members`,
      { contactIds: part },
    );
    if (!result.ok) return result;
    count += result.data.added;
    group = result.data.group;
  }
  return group ? { ok: true, data: { group, count } } : NETWORK;
}

/** Makes a group named `name` holding `contactIds`. */
export async function createGroupWith(
  name: string,
  contactIds: readonly string[],
): Promise<CallResult<{ group: GroupView; count: number }>> {
  const [first = [], ...rest] = chunks(contactIds);
  const created = await call<GroupView>("POST", "/api/groups", {
    name,
    ...(first.length ? { contactIds: first } : {}),
  });
  if (!created.ok) return created;
  if (rest.length === 0) return { ok: true, data: { group: created.data, count: first.length } };
  const more = await addToGroup(created.data.id, rest.flat());
  if (!more.ok) return more;
  return { ok: true, data: { group: more.data.group, count: first.length + more.data.count } };
}

/** Takes contacts out of a group; `count` is how many were in it. */
export async function removeFromGroup(
  groupId: string,
  contactIds: readonly string[],
): Promise<CallResult<{ group: GroupView; count: number }>> {
  let count = 0;
  let group: GroupView | null = null;
  for (const part of chunks(contactIds)) {
    const result = await call<{ group: GroupView; removed: number }>(
      "POST",
      `/api/groups/${encodeURIComponent(groupId)}/members/remove`,
      { contactIds: part },
    );
    if (!result.ok) return result;
    count += result.data.removed;
    group = result.data.group;
  }
  return group ? { ok: true, data: { group, count } } : NETWORK;
}

export function renameGroup(groupId: string, name: string): Promise<CallResult<GroupView>> {
  return call<GroupView>("PATCH", `/api/groups/${encodeURIComponent(groupId)}`, { name });
}

export function deleteGroup(groupId: string): Promise<CallResult<unknown>> {
  return call("DELETE", `/api/groups/${encodeURIComponent(groupId)}`);
}

export function createGroup(name: string): Promise<CallResult<GroupView>> {
  return call<GroupView>("POST", "/api/groups", { name });
}
