import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { GET as getUser } from "@/app/api/auth/user/route";
import { GET, POST } from "@/app/api/logout/route";
import { sessions } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../support/call-route";
import { createSignedInUser } from "../support/users";

const sessionRows = (token: string) => db.select().from(sessions).where(eq(sessions.sessionToken, token));

it("a GET of /api/logout (an image, a prefetch) leads to the log-out page and leaves the session valid", async () => {
  const { sessionToken, cookie } = await createSignedInUser();
  const res = await callRoute(GET, "/api/logout", { cookie });
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe("/sign-out");
  expect(res.headers.get("set-cookie")).toBeNull();
  expect(await sessionRows(sessionToken)).toHaveLength(1);
  expect((await callRoute(getUser, "/api/auth/user", { cookie })).status).toBe(200);
});

it("the page's POST ends the session, expires the cookie and returns to the landing page", async () => {
  const { sessionToken, cookie } = await createSignedInUser();
  const other = await createSignedInUser();
  const res = await callRoute(POST, "/api/logout", {
    method: "POST",
    cookie,
    headers: { origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
  });
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe("/");
  expect(res.headers.get("set-cookie")).toMatch(/authjs\.session-token=; Path=\/; Max-Age=0/);
  expect(await sessionRows(sessionToken)).toHaveLength(0);
  expect((await callRoute(getUser, "/api/auth/user", { cookie })).status).toBe(401);
  // Only this browser's session ends.
  expect(await sessionRows(other.sessionToken)).toHaveLength(1);
});

it.each([
  ["origin", "https://evil.example"],
  ["sec-fetch-site", "cross-site"],
])("a cross-site POST (%s: %s) is refused and the session stays", async (header, value) => {
  const { sessionToken, cookie } = await createSignedInUser();
  const res = await callRoute(POST, "/api/logout", { method: "POST", cookie, headers: { [header]: value } });
  expect(res.status).toBe(403);
  expect(res.json).toMatchObject({ code: "cross_site" });
  expect(await sessionRows(sessionToken)).toHaveLength(1);
  expect((await callRoute(getUser, "/api/auth/user", { cookie })).status).toBe(200);
});
