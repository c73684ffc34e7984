import { describe, expect, it } from "vitest";
import { UNDO_WINDOW_MS } from "@/config/undo";

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

export interface AvatarSuiteOptions {
  /** PUTs bytes to an upload URL the way the browser does; returns the HTTP status. */
  put(uploadURL: string, bytes: Uint8Array, contentType: string): Promise<number>;
  /** Whether the store itself refuses an oversized PUT (local) or it is refused at attach time (S3). */
  refusesLargeUploads: boolean;
  driver: "s3" | "local";
}

/**
 * The same avatar scenarios against either storage driver. App modules are imported
 * lazily so each file can point lib/env at its own store first.
 */
export function avatarSuite(options: AvatarSuiteOptions) {
  const load = async () => {
    const [
      { callRoute },
      { createSignedInUser },
      uploadRoute,
      avatarRoute,
      objectRoute,
      contactsRoute,
      contactRoute,
      { db },
      schema,
      { eq },
      storage,
    ] = await Promise.all([
      import("./call-route"),
      import("./users"),
      import("@/app/api/objects/upload/route"),
      import("@/app/api/contacts/[id]/avatar/route"),
      import("@/app/api/objects/uploads/[id]/route"),
      import("@/app/api/contacts/route"),
      import("@/app/api/contacts/[id]/route"),
      import("@/lib/db"),
      import("@/db/schema"),
      import("drizzle-orm"),
      import("@/lib/storage/get-storage"),
    ]);
    const { user, cookie } = await createSignedInUser();
    const contact = await callRoute(contactsRoute.POST, "/api/contacts", {
      method: "POST",
      cookie,
      body: { name: "Ann", email: "ann@example.com" },
    });
    const id = String(contact.json.id);
    const newUpload = async (asCookie = cookie) =>
      String(
        (await callRoute(uploadRoute.POST, "/api/objects/upload", { method: "POST", cookie: asCookie })).json
          .uploadURL,
      );
    const attach = (avatarUrl: string, asCookie = cookie, contactId = id) =>
      callRoute(avatarRoute.PUT, `/api/contacts/${contactId}/avatar`, {
        method: "PUT",
        cookie: asCookie,
        params: { id: contactId },
        body: { avatarUrl },
      });
    const contactRow = async () =>
      (await db.select().from(schema.contacts).where(eq(schema.contacts.id, id)))[0];
    const objectsOf = () =>
      db.select().from(schema.storedObjects).where(eq(schema.storedObjects.workspaceId, user.id));
    const putContact = (body: Record<string, unknown>) =>
      callRoute(contactRoute.PUT, `/api/contacts/${id}`, { method: "PUT", cookie, params: { id }, body });
    const deleteContact = () =>
      callRoute(contactRoute.DELETE, `/api/contacts/${id}`, { method: "DELETE", cookie, params: { id } });
    return {
      putContact,
      deleteContact,
      callRoute,
      createSignedInUser,
      objectRoute,
      cookie,
      id,
      newUpload,
      attach,
      contactRow,
      objectsOf,
      storage: storage.getStorage(),
    };
  };

  describe("avatar upload", () => {
    it("uploads an image, attaches it under a stable path and serves it to its owner only", async () => {
      const t = await load();
      expect(t.storage.kind).toBe(options.driver);
      const uploadURL = await t.newUpload();
      expect(await options.put(uploadURL, PNG_1X1, "image/png")).toBe(200);
      const res = await t.attach(uploadURL);
      expect(res.status).toBe(200);
      expect(String(res.json.objectPath)).toMatch(/^\/api\/objects\/uploads\/[0-9a-f-]{36}$/);
      expect((await t.contactRow()).avatarUrl).toBe(res.json.objectPath);
      const [object] = await t.objectsOf();
      expect(object).toMatchObject({ status: "ready", contentType: "image/png", size: PNG_1X1.length });

      const objectId = String(res.json.objectPath).split("/").pop() ?? "";
      const served = await t.callRoute(t.objectRoute.GET, String(res.json.objectPath), {
        cookie: t.cookie,
        params: { id: objectId },
      });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      const stranger = await t.createSignedInUser();
      const hidden = await t.callRoute(t.objectRoute.GET, String(res.json.objectPath), {
        cookie: stranger.cookie,
        params: { id: objectId },
      });
      expect(hidden.status).toBe(404);
    });

    it("refuses a non-image upload and deletes it", async () => {
      const t = await load();
      const uploadURL = await t.newUpload();
      expect(await options.put(uploadURL, Buffer.from("<html>not an image</html>"), "image/png")).toBe(200);
      const res = await t.attach(uploadURL);
      expect(res.status).toBe(415);
      expect(res.json.message).toBe("Only images can be uploaded");
      expect((await t.contactRow()).avatarUrl).toBeNull();
      expect(await t.objectsOf()).toHaveLength(0);
      const key = t.storage.keyFromUploadUrl(uploadURL) ?? "";
      expect(await t.storage.size(key)).toBeNull();
    });

    it("refuses a 6 MB image", async () => {
      const t = await load();
      const uploadURL = await t.newUpload();
      const big = Buffer.concat([PNG_1X1, Buffer.alloc(6 * 1024 * 1024)]);
      const putStatus = await options.put(uploadURL, big, "image/png");
      if (options.refusesLargeUploads) expect(putStatus).toBe(413);
      else expect(putStatus).toBe(200);
      const res = await t.attach(uploadURL);
      expect(res.status).toBe(options.refusesLargeUploads ? 400 : 413);
      expect((await t.contactRow()).avatarUrl).toBeNull();
      const key = t.storage.keyFromUploadUrl(uploadURL) ?? "";
      expect(await t.storage.size(key)).toBeNull();
    });

    it("answers 404 for another user's contact or upload, attaching nothing", async () => {
      const t = await load();
      const uploadURL = await t.newUpload();
      expect(await options.put(uploadURL, PNG_1X1, "image/png")).toBe(200);
      const intruder = await t.createSignedInUser();
      expect((await t.attach(uploadURL, intruder.cookie)).status).toBe(404);
      expect((await t.contactRow()).avatarUrl).toBeNull();
      expect((await t.attach("https://elsewhere.example/x.png")).status).toBe(400);
      expect((await t.attach(uploadURL, t.cookie, crypto.randomUUID())).status).toBe(404);
    });

    it("replaces, refuses foreign, removes and deletes photos without leaving objects behind", async () => {
      const t = await load();
      const upload = async () => {
        const url = await t.newUpload();
        expect(await options.put(url, PNG_1X1, "image/png")).toBe(200);
        return { url, key: t.storage.keyFromUploadUrl(url) ?? "" };
      };
      const first = await upload();
      const firstPath = String((await t.attach(first.url)).json.objectPath);
      const second = await upload();
      const secondPath = String((await t.attach(second.url)).json.objectPath);
      expect((await t.contactRow()).avatarUrl).toBe(secondPath);
      expect(await t.storage.size(first.key)).toBeNull();
      expect((await t.objectsOf()).map((o) => o.key)).toEqual([second.key]);

      // Someone else's (or the replaced) object path cannot be set as the avatar.
      expect((await t.putContact({ avatarUrl: firstPath })).status).toBe(400);
      expect((await t.contactRow()).avatarUrl).toBe(secondPath);

      // Removing the photo deletes the object.
      expect((await t.putContact({ avatarUrl: null })).status).toBe(200);
      expect(await t.storage.size(second.key)).toBeNull();
      expect(await t.objectsOf()).toHaveLength(0);

      // Deleting a contact deletes its photo once the deletion is final (Undo needs it until then).
      const third = await upload();
      await t.attach(third.url);
      expect((await t.deleteContact()).status).toBe(204);
      expect(await t.storage.size(third.key)).not.toBeNull();
      const { finishContactDeletions } = await import("@/lib/contacts/finish-contact-deletions");
      await finishContactDeletions(new Date(Date.now() + UNDO_WINDOW_MS + 1_000));
      expect(await t.storage.size(third.key)).toBeNull();
      expect(await t.objectsOf()).toHaveLength(0);
    });
  });
}
