import { sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportTrail } from "@/app/api/team/activity/export/route";
import { GET as listTrailRoute } from "@/app/api/team/activity/route";
import { PATCH as changeRole } from "@/app/api/team/members/[userId]/route";
import { POST as createContact } from "@/app/api/contacts/route";
import { TRAIL_EXPORT_PAGE_SIZE } from "@/config/activity-trail";
import { db } from "@/lib/db";
import type { TrailEntry } from "@/lib/trail/trail-entry";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { callRoute } from "../../support/call-route";
import { createSignedInMember, createSignedInUser } from "../../support/users";

type Owner = Awaited<ReturnType<typeof createSignedInUser>>;
type Member = Awaited<ReturnType<typeof createSignedInMember>>;

let owner: Owner;
let luis: Member;
let viewer: Member;
let stranger: Owner;

const list = (cookie: string, query: Record<string, string> = {}) =>
  callRoute<TrailEntry[]>(listTrailRoute, "/api/team/activity", { cookie, query });

/** Every page of a filter, following X-Next-Cursor. */
async function allPages(cookie: string, query: Record<string, string>) {
  const items: TrailEntry[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await list(cookie, { ...query, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    items.push(...res.json);
    cursor = res.headers.get("x-next-cursor");
    pages += 1;
  } while (cursor && pages < 100);
  return { items, pages };
}

beforeAll(async () => {
  owner = await createSignedInUser({ firstName: "Ana", lastName: "Ruiz" });
  luis = await createSignedInMember(owner.workspace, "member", { firstName: "Luis", lastName: "Gómez" });
  viewer = await createSignedInMember(owner.workspace, "viewer", { firstName: "Vera", locale: "es" });
  stranger = await createSignedInUser({ firstName: "Sam", lastName: "Stone" });

  // What the people did, through the routes they use (each writes its line with the change).
  const created = await callRoute(createContact, "/api/contacts", {
    method: "POST",
    cookie: luis.cookie,
    body: { name: "María", email: "maria@example.com" },
  });
  expect(created.status).toBe(201);
  const changed = await callRoute(changeRole, `/api/team/members/${luis.user.id}`, {
    method: "PATCH",
    cookie: owner.cookie,
    params: { userId: luis.user.id },
    body: { role: "admin" },
  });
  expect(changed.status).toBe(200);
  // What nobody did in person: the payment provider's plan change.
  await recordWorkspaceEvent(db, owner.workspace.id, null, {
    kind: "billing.plan_changed",
    subjectId: "sub_1",
    details: { from: "trial", to: "starter", frequency: "monthly" },
  });
  // Another workspace's own trail, in the same table and months.
  await recordWorkspaceEvent(db, stranger.workspace.id, stranger.actor, {
    kind: "contact.created",
    subjectId: "c-stranger",
    details: { name: "Secret contact" },
  });
});

describe("GET /api/team/activity", () => {
  it("answers a viewer with the workspace's lines, newest first, in plain words", async () => {
    const res = await list(viewer.cookie);
    expect(res.status).toBe(200);
    // The viewer reads Spanish.
    expect(res.json.map((e) => e.text)).toEqual([
      "Stripe: plan cambiado a Inicial",
      "Ana Ruiz cambió el rol de Luis Gómez de miembro a administrador",
      "Luis Gómez añadió el contacto María",
    ]);
    const english = await list(owner.cookie);
    expect(english.json.map((e) => e.text)).toEqual([
      "Stripe: plan changed to Starter",
      "Ana Ruiz changed Luis Gómez's role from member to admin",
      "Luis Gómez added the contact María",
    ]);
    expect(english.json[2]).toMatchObject({
      kind: "contact.created",
      actorId: luis.user.id,
      actorName: "Luis Gómez",
      apiKey: null,
      details: { name: "María" },
    });
    expect(english.json[0]).toMatchObject({ actorId: null, actorName: null, kind: "billing.plan_changed" });
    const times = english.json.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("never shows another workspace's lines, even filtered by that workspace's person", async () => {
    const mine = await list(owner.cookie);
    expect(mine.json.map((e) => e.text).join()).not.toContain("Secret contact");
    const theirs = await list(owner.cookie, { actorId: stranger.user.id });
    expect(theirs.status).toBe(200);
    expect(theirs.json).toEqual([]);
    const strangers = await list(stranger.cookie);
    expect(strangers.json.map((e) => e.text)).toEqual(["Sam Stone added the contact Secret contact"]);
  });

  it("filters by person and by kind, alone and together", async () => {
    const byLuis = await list(owner.cookie, { actorId: luis.user.id });
    expect(byLuis.json.map((e) => e.kind)).toEqual(["contact.created"]);
    const team = await list(owner.cookie, { kind: "team" });
    expect(team.json.map((e) => e.kind)).toEqual(["member.role_changed"]);
    const billing = await list(owner.cookie, { kind: "billing" });
    expect(billing.json.map((e) => e.kind)).toEqual(["billing.plan_changed"]);
    const none = await list(owner.cookie, { kind: "contacts", actorId: owner.user.id });
    expect(none.json).toEqual([]);
  });

  it("refuses an unknown kind group, a forged cursor, an unknown field and a stranger without a session", async () => {
    expect((await list(owner.cookie, { kind: "reminder.created" })).status).toBe(400);
    expect((await list(owner.cookie, { cursor: "bm90LWEtY3Vyc29y" })).json).toMatchObject({
      code: "invalid_input",
    });
    expect((await list(owner.cookie, { userId: owner.user.id })).status).toBe(400);
    expect((await callRoute(listTrailRoute, "/api/team/activity")).status).toBe(401);
  });
});

describe("paging", () => {
  let paged: Owner;

  beforeAll(async () => {
    paged = await createSignedInUser({ firstName: "Pat" });
    // 130 lines over three months, 40 of them at one instant (ties broken by id), the newest
    // month in the default partition's future: the keyset order must hold across partitions.
    await db.execute(sql`
      insert into workspace_events (workspace_id, actor_id, actor_name, kind, subject_id, details, created_at)
      select ${paged.workspace.id}, ${paged.user.id}, 'Pat', 'contact.updated', 'c' || g,
             json_build_object('name', 'Contact ' || g),
             case when g <= 40 then date_trunc('month', now()) + interval '3 days'
                  else now() - (g || ' days')::interval end
      from generate_series(1, 130) as g`);
  });

  it("walks every line once, newest first, 50 at a time", async () => {
    const { items, pages } = await allPages(paged.cookie, { limit: "50" });
    expect(pages).toBe(3);
    expect(items).toHaveLength(130);
    expect(new Set(items.map((e) => e.id)).size).toBe(130);
    const keys = items.map((e) => [Date.parse(e.at), e.id] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(keys).toEqual(sorted);
  });

  it("pages a filter the same way, without the lines it leaves out", async () => {
    const { items } = await allPages(paged.cookie, { limit: "7", kind: "contacts", actorId: paged.user.id });
    expect(items).toHaveLength(130);
    const { items: none } = await allPages(paged.cookie, { limit: "7", kind: "reminders" });
    expect(none).toEqual([]);
  });
});

describe("GET /api/team/activity/export", () => {
  let big: Owner;
  const count = TRAIL_EXPORT_PAGE_SIZE * 2 + 17;

  beforeAll(async () => {
    big = await createSignedInUser({ firstName: "Bea", lastName: null, name: null, locale: "fr" });
    await db.execute(sql`
      insert into workspace_events (workspace_id, actor_id, actor_name, kind, subject_id, details, created_at)
      select ${big.workspace.id}, ${big.user.id}, 'Bea', 'contacts.imported', null,
             json_build_object('count', g), timestamptz '2026-01-31 23:59:59.5+00' - (g || ' seconds')::interval
      from generate_series(1, ${count}) as g`);
    await recordWorkspaceEvent(db, big.workspace.id, null, {
      kind: "billing.credits_added",
      details: { cents: 2500, reason: "purchase" },
    });
  });

  /** The file as the browser receives it: its bytes read as UTF-8, a byte order mark kept. */
  async function download(cookie: string, query: Record<string, string> = {}) {
    const url = new URL("http://localhost:3000/api/team/activity/export");
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const response = await exportTrail(new NextRequest(url, { headers: { cookie } }), {
      params: Promise.resolve({}),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      headers: response.headers,
      text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes),
    };
  }

  it("is every line of the filter as UTF-8 CSV in the reader's language, with ISO 8601 UTC times", async () => {
    const res = await download(big.cookie, { kind: "contacts" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="activity-trail-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.text.startsWith("\uFEFF")).toBe(true);
    const lines = res.text.slice(1).split("\r\n");
    expect(lines.pop()).toBe("");
    expect(lines[0]).toBe('"Heure (UTC)","Personne","Type","Activité","Clé d\'API"');
    // Every row of the filter, across the export's pages, none twice, the credits left out.
    expect(lines).toHaveLength(count + 1);
    expect(lines[1]).toBe(
      '"2026-01-31T23:59:58.500Z","Bea","Contacts","Bea a ajouté 1 contact par import",""',
    );
    // French groups thousands with a narrow no-break space ("1 017").
    expect(lines[count]).toContain(
      `"Bea a ajouté ${new Intl.NumberFormat("fr").format(count)} contacts par import"`,
    );
    expect(new Set(lines).size).toBe(lines.length);
    for (const line of lines.slice(1))
      expect(line).toMatch(/^"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z",/);
  });

  it("writes what nobody did in person with an empty person", async () => {
    const res = await download(big.cookie, { kind: "billing" });
    expect(res.text.slice(1).split("\r\n")[1]).toMatch(
      /^"[^"]+","","Facturation","Stripe : 25,00\s\$US de crédits ajoutés",""$/,
    );
  });

  it("holds only the reader's workspace, and nothing for a person of another one", async () => {
    const res = await download(owner.cookie);
    expect(res.text).toContain("Luis Gómez added the contact María");
    expect(res.text).not.toContain("Secret contact");
    expect(res.text).not.toContain("Bea");
    const other = await download(owner.cookie, { actorId: big.user.id });
    expect(other.text.slice(1).split("\r\n").filter(Boolean)).toHaveLength(1);
  });

  it("refuses a cursor or an unknown kind: the export is always the whole filter", async () => {
    expect((await download(owner.cookie, { cursor: "x" })).status).toBe(400);
    expect((await download(owner.cookie, { kind: "everything" })).status).toBe(400);
  });
});
