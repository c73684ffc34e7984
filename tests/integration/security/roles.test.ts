import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PERMISSIONS, type Permission } from "@/config/roles";
import { WORKSPACE_ROLES, type WorkspaceRole } from "@/db/schema/enums";
import { callRoute } from "../../support/call-route";
import { snapshotDatabase } from "../../support/db-snapshot";
import { createSignedInMember, createSignedInUser } from "../../support/users";

// Server actions read the session from next/headers: the cookie of whoever the test acts as.
const session = vi.hoisted(() => ({ token: "" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "localhost:3000", "x-forwarded-proto": "http" }),
  cookies: async () => ({
    get: (name: string) =>
      name === "authjs.session-token" && session.token ? { name, value: session.token } : undefined,
    set: () => undefined,
  }),
}));

/**
 * What each /api route needs, by method and path: a permission of config/roles.ts (the wrapper
 * checks it for the signed-in person's role in the workspace they act in), `public` for routes
 * authorised by a token or a provider's signature, `api-key` for /api/v1 (checked in its own
 * test below). Every route on disk must be here: a new route fails this test until it is.
 */
const ROUTES: Record<string, Permission | "public" | "api-key"> = {
  "GET /api/account/export": "own",
  "DELETE /api/account": "read",
  "GET /api/api-keys": "read",
  "POST /api/api-keys": "manage_integrations",
  "DELETE /api/api-keys/[id]": "manage_integrations",
  "GET /api/v1/contacts/[id]": "api-key",
  "PATCH /api/v1/contacts/[id]": "api-key",
  "DELETE /api/v1/contacts/[id]": "api-key",
  "GET /api/v1/contacts": "api-key",
  "POST /api/v1/contacts": "api-key",
  "GET /api/v1/deliveries": "api-key",
  "POST /api/v1/groups/[id]/members/remove": "api-key",
  "POST /api/v1/groups/[id]/members": "api-key",
  "GET /api/v1/groups/[id]": "api-key",
  "PATCH /api/v1/groups/[id]": "api-key",
  "DELETE /api/v1/groups/[id]": "api-key",
  "GET /api/v1/groups": "api-key",
  "POST /api/v1/groups": "api-key",
  "GET /api/v1/members": "api-key",
  "GET /api/v1/reminders/[id]": "api-key",
  "PUT /api/v1/reminders/[id]": "api-key",
  "DELETE /api/v1/reminders/[id]": "api-key",
  "GET /api/v1/reminders": "api-key",
  "POST /api/v1/reminders": "api-key",
  "POST /api/v1/quick-add": "api-key",
  "DELETE /api/v1/templates/[id]": "api-key",
  "GET /api/v1/templates": "api-key",
  "POST /api/v1/templates": "api-key",
  "GET /api/v1/usage": "api-key",
  "GET /api/v1/openapi.json": "public",
  "GET /api/auth/[...nextauth]": "public",
  "POST /api/auth/[...nextauth]": "public",
  "GET /api/auth/user": "read",
  "PATCH /api/auth/user": "read",
  "GET /api/calendar/[file]": "public",
  "GET /api/contacts": "read",
  "POST /api/contacts": "write",
  "PUT /api/contacts/[id]": "write",
  "DELETE /api/contacts/[id]": "write",
  "PUT /api/contacts/[id]/avatar": "write",
  "POST /api/contacts/[id]/restore": "write",
  "GET /api/contacts/[id]/consent": "read",
  "POST /api/contacts/import": "write",
  "POST /api/create-checkout-session": "manage_billing",
  "GET /api/deliveries": "read",
  "POST /api/deliveries/[id]/revoke-playback": "write",
  "GET /api/groups": "read",
  "POST /api/groups": "write",
  "GET /api/groups/[id]": "read",
  "PATCH /api/groups/[id]": "write",
  "DELETE /api/groups/[id]": "write",
  "POST /api/groups/[id]/members": "write",
  "POST /api/groups/[id]/members/remove": "write",
  "GET /api/groups/[id]/reach": "read",
  "POST /api/invitations/[token]/accept": "read",
  "GET /api/health": "public",
  "GET /api/login": "public",
  "POST /api/logout": "public",
  "GET /api/logout": "public",
  "POST /api/media": "write",
  "GET /api/media/[id]": "read",
  "DELETE /api/media/[id]": "write",
  "GET /api/media/[id]/playback": "read",
  "GET /api/media/[id]/poster": "read",
  "POST /api/media/[id]/uploaded": "write",
  "GET /api/metrics": "public",
  "POST /api/objects/local": "public",
  "PUT /api/objects/local/multipart/[uploadId]/[partNumber]": "public",
  "PUT /api/objects/local/uploads/[id]": "public",
  "POST /api/objects/upload": "write",
  "GET /api/objects/uploads/[id]": "read",
  "GET /api/play/[token]/call.mp3": "public",
  "GET /api/play/[token]/playback": "public",
  "POST /api/play/[token]/played": "public",
  "GET /api/play/[token]/poster": "public",
  "GET /api/play/[token]/video.mp4": "public",
  "POST /api/prefs/[token]": "public",
  "GET /api/reminders": "read",
  "POST /api/reminders": "write",
  "PUT /api/reminders/[id]": "write",
  "DELETE /api/reminders/[id]": "write",
  "GET /api/reminders/[id]/deliveries": "read",
  "GET /api/reminders/[id]/members": "read",
  "POST /api/reminders/[id]/restore": "write",
  "POST /api/reminders/[id]/retry": "write",
  "POST /api/reminders/[id]/send": "write",
  "GET /api/reminders/from-date": "read",
  "POST /api/reminders/from-date": "write",
  "PUT /api/reminders/from-date": "write",
  "POST /api/stripe/webhook": "public",
  "GET /api/team/activity": "read",
  "GET /api/team/activity/export": "read",
  "GET /api/team/invitations": "read",
  "POST /api/team/invitations": "manage_members",
  "DELETE /api/team/invitations/[id]": "manage_members",
  "POST /api/team/invitations/[id]/resend": "manage_members",
  "POST /api/team/leave": "read",
  "GET /api/team/members": "read",
  "PATCH /api/team/members/[userId]": "manage_members",
  "DELETE /api/team/members/[userId]": "manage_members",
  "POST /api/team/transfer": "own",
  "GET /api/templates": "read",
  "POST /api/templates": "write",
  "PUT /api/templates/[id]": "write",
  "DELETE /api/templates/[id]": "write",
  "GET /api/unsubscribe/[token]": "public",
  "POST /api/unsubscribe/[token]": "public",
  "GET /api/uploads/s3/params": "write",
  "POST /api/uploads/s3/multipart": "write",
  "GET /api/uploads/s3/multipart/[uploadId]": "write",
  "DELETE /api/uploads/s3/multipart/[uploadId]": "write",
  "GET /api/uploads/s3/multipart/[uploadId]/[partNumber]": "write",
  "POST /api/uploads/s3/multipart/[uploadId]/complete": "write",
  "GET /api/webhooks/endpoints": "read",
  "POST /api/webhooks/endpoints": "manage_integrations",
  "PATCH /api/webhooks/endpoints/[id]": "manage_integrations",
  "DELETE /api/webhooks/endpoints/[id]": "manage_integrations",
  "GET /api/webhooks/endpoints/[id]/messages": "read",
  "POST /api/webhooks/endpoints/[id]/messages/[messageId]/resend": "manage_integrations",
  "POST /api/webhooks/endpoints/[id]/rotate": "manage_integrations",
  "GET /api/webhooks/endpoints/[id]/secret": "manage_integrations",
  "POST /api/webhooks/endpoints/[id]/test": "manage_integrations",
  "POST /api/webhooks/twilio/inbound": "public",
  "POST /api/webhooks/twilio/status": "public",
  "POST /api/webhooks/twilio/voice": "public",
  "POST /api/webhooks/twilio/voice/gather": "public",
  "POST /api/webhooks/twilio/voice/status": "public",
  "GET /api/workspace": "read",
  "PATCH /api/workspace": "manage_settings",
};

/** Every server action file and what its action needs (request-magic-link and sign-in are signed out). */
const ACTIONS: Record<string, Permission | "public"> = {
  "add-seats": "manage_billing",
  "complete-test-payment": "manage_billing",
  "create-calendar-feed-link": "read",
  "hide-first-run-checklist": "read",
  "load-contact-options": "read",
  "open-billing-portal": "manage_billing",
  "read-quick-add": "read",
  "request-magic-link": "public",
  "save-auto-recharge": "manage_billing",
  "save-failure-alerts": "read",
  "save-locale": "read",
  "save-time-zone": "read",
  "sign-in-with-provider": "public",
  "switch-workspace": "read",
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Handler = Parameters<typeof callRoute>[0];

const appDir = path.resolve("app");
function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

interface RouteEntry {
  key: string;
  path: string;
  params: Record<string, string>;
  method: (typeof METHODS)[number];
  handler: Handler;
}

async function discoverRoutes(): Promise<RouteEntry[]> {
  const entries: RouteEntry[] = [];
  for (const file of routeFiles(path.join(appDir, "api"))) {
    const route = `/${path.relative(appDir, path.dirname(file)).split(path.sep).join("/")}`;
    const mod = (await import(file)) as Record<string, unknown>;
    const params = Object.fromEntries(
      [...route.matchAll(/\[\.{0,3}(\w+)\]/g)].map(([, name]) => [name, name === "file" ? "x.ics" : "x"]),
    );
    for (const method of METHODS) {
      if (typeof mod[method] !== "function") continue;
      entries.push({
        key: `${method} ${route}`,
        path: route.replace(/\[\.{0,3}(\w+)\]/g, (_, name: string) => params[name]),
        params,
        method,
        handler: mod[method] as Handler,
      });
    }
  }
  return entries;
}

const mayAct = (role: WorkspaceRole, permission: Permission) =>
  (PERMISSIONS[permission] as readonly WorkspaceRole[]).includes(role);

let routes: RouteEntry[];
const cookies = {} as Record<WorkspaceRole, string>;
const tokens = {} as Record<WorkspaceRole, string>;

beforeAll(async () => {
  routes = await discoverRoutes();
  const owner = await createSignedInUser({ planType: "business", subscriptionStatus: "active" });
  cookies.owner = owner.cookie;
  tokens.owner = owner.sessionToken;
  for (const role of ["admin", "member", "viewer"] as const) {
    const member = await createSignedInMember(owner.workspace, role);
    cookies[role] = member.cookie;
    tokens[role] = member.sessionToken;
  }
}, 60_000);

describe("every /api route names what it needs", () => {
  it("is listed, and the list names no route that is gone", () => {
    const onDisk = routes.map((r) => r.key).sort();
    expect(
      onDisk.filter((key) => !(key in ROUTES)),
      "routes missing from ROUTES",
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((key) => !onDisk.includes(key)),
      "ROUTES naming no route",
    ).toEqual([]);
  });

  it("every permission of the table is one of the catalogue's, and /api/v1 is all api-key", () => {
    for (const [key, need] of Object.entries(ROUTES)) {
      if (key.includes(" /api/v1/") && !key.endsWith("openapi.json")) expect(need, key).toBe("api-key");
      else expect(need === "public" || need in PERMISSIONS, key).toBe(true);
    }
  });
});

const call = (route: RouteEntry, role: WorkspaceRole) =>
  callRoute(route.handler, route.path, {
    method: route.method,
    cookie: cookies[role],
    params: route.params,
    body: route.method === "GET" || route.method === "DELETE" ? undefined : {},
  });

const refusedByRole = (res: { status: number; json: unknown }) =>
  res.status === 403 && (res.json as { code?: string } | undefined)?.code === "role_forbidden";

describe("a role the route's permission does not include is refused with 403, before anything is read", () => {
  it("for each route and each role without its permission: role_forbidden, and nothing changes", async () => {
    const before = await snapshotDatabase();
    const problems: string[] = [];
    for (const route of routes) {
      const need = ROUTES[route.key];
      if (need === "public" || need === "api-key" || need === undefined) continue;
      for (const role of WORKSPACE_ROLES) {
        if (mayAct(role, need)) continue;
        const res = await call(route, role);
        if (!refusedByRole(res))
          problems.push(`${route.key} as ${role}: ${res.status} ${res.text.slice(0, 80)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshotDatabase()).toEqual(before);
  }, 240_000);

  it("the owner, who holds every permission, is never refused by role (their bogus ids and bodies fail otherwise)", async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const need = ROUTES[route.key];
      if (need === "public" || need === "api-key" || need === undefined) continue;
      const res = await call(route, "owner");
      if (refusedByRole(res)) problems.push(`${route.key}: ${res.status}`);
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it("the refusal names what was missing, and its message is translated by its code", async () => {
    const res = await callRoute(
      routes.find((r) => r.key === "POST /api/contacts")!.handler,
      "/api/contacts",
      {
        method: "POST",
        cookie: cookies.viewer,
        body: { name: "Nobody", email: "nobody@example.com" },
      },
    );
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: "role_forbidden", permission: "write", role: "viewer" });
  });
});

describe("server actions check the role in the one wrapper", () => {
  const actionsDir = path.resolve("lib/actions");
  const files = readdirSync(actionsDir)
    .filter((name) => name.endsWith(".ts") && name !== "user-action.ts")
    .map((name) => name.replace(/\.ts$/, ""));

  it("every action file is listed", () => {
    expect(files.filter((name) => !(name in ACTIONS))).toEqual([]);
    expect(Object.keys(ACTIONS).filter((name) => !files.includes(name))).toEqual([]);
  });

  it("a role without the action's permission gets 403 role_forbidden as a value", async () => {
    const problems: string[] = [];
    for (const name of files) {
      const need = ACTIONS[name];
      if (need === "public") continue;
      const mod = (await import(path.join(actionsDir, `${name}.ts`))) as Record<
        string,
        (input: unknown) => Promise<{ ok: boolean; status?: number; code?: string }>
      >;
      const action = Object.values(mod).find((value) => typeof value === "function")!;
      for (const role of WORKSPACE_ROLES) {
        if (mayAct(role, need)) continue;
        session.token = tokens[role];
        const result = await action({});
        if (result.ok || result.status !== 403 || result.code !== "role_forbidden")
          problems.push(`${name} as ${role}: ${JSON.stringify(result)}`);
      }
    }
    session.token = "";
    expect(problems).toEqual([]);
  });
});
