import { describe, expect, it } from "vitest";
import { callRoute } from "../../support/call-route";
import { snapshotDatabase } from "../../support/db-snapshot";
import { createSignedInUser } from "../../support/users";
import { JSON_ENDPOINTS, ownParams } from "./json-endpoints";

describe.each(JSON_ENDPOINTS)("$name from another site", (endpoint) => {
  it.each([
    ["origin", "https://evil.example"],
    ["sec-fetch-site", "cross-site"],
  ])("is refused with 403 and changes nothing (%s: %s)", async (header, value) => {
    const { user, cookie } = await createSignedInUser();
    const { params, path } = await ownParams(endpoint, user.id);
    const before = await snapshotDatabase();
    const res = await callRoute(endpoint.handler, path, {
      method: endpoint.method,
      body: {},
      cookie,
      params,
      query: endpoint.query,
      headers: { [header]: value },
    });
    expect(res.status).toBe(403);
    expect(await snapshotDatabase()).toEqual(before);
  });
});
