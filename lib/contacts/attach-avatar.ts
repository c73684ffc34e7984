import "server-only";
import { and, eq } from "drizzle-orm";
import { contacts, storedObjects } from "@/db/schema";
import { DomainError, invalidInput, notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { getStorage } from "@/lib/storage/get-storage";
import { objectPathOf } from "@/lib/storage/object-path";
import { removeObjectAtPath } from "@/lib/storage/remove-object-at-path";
import { SNIFF_BYTES, sniffImageType } from "@/lib/storage/sniff-image-type";
import { AVATAR_MAX_BYTES } from "@/config/uploads";
import { ownContact } from "./contact-select";

/**
 * PUT /api/contacts/{id}/avatar: turns the upload URL the browser just used into the
 * stable object path, after checking the stored bytes: over 5 MB or not an image and the
 * object is deleted, never attached.
 */
export async function attachAvatar(workspaceId: string, contactId: string, uploadUrl: string) {
  const [contact] = await db
    .select({ id: contacts.id, avatarUrl: contacts.avatarUrl })
    .from(contacts)
    .where(ownContact(workspaceId, contactId));
  if (!contact) throw notFound("Contact not found");
  const storage = getStorage();
  const key = storage.keyFromUploadUrl(uploadUrl);
  if (!key) throw invalidInput("avatarUrl: Not an upload URL");
  const [object] = await db
    .select()
    .from(storedObjects)
    .where(and(eq(storedObjects.key, key), eq(storedObjects.workspaceId, workspaceId)));
  if (!object) throw notFound({ code: "upload_not_found", message: "Upload not found" });

  const size = await storage.size(key);
  if (size === null) throw invalidInput({ code: "upload_not_found", message: "Upload not found" });
  const refuse = async (error: DomainError) => {
    await storage.remove(key);
    await db.delete(storedObjects).where(eq(storedObjects.id, object.id));
    throw error;
  };
  if (size > AVATAR_MAX_BYTES)
    await refuse(
      new DomainError("too_large", { code: "file_too_large", message: "File is larger than 5 MB" }),
    );
  const contentType = sniffImageType(await storage.readHead(key, SNIFF_BYTES));
  if (!contentType)
    await refuse(
      new DomainError("unsupported_type", { code: "not_an_image", message: "Only images can be uploaded" }),
    );

  const objectPath = objectPathOf(object.id);
  await db.transaction(async (tx) => {
    await tx
      .update(storedObjects)
      .set({ status: "ready", size, contentType })
      .where(eq(storedObjects.id, object.id));
    await tx.update(contacts).set({ avatarUrl: objectPath }).where(ownContact(workspaceId, contactId));
  });
  if (contact.avatarUrl !== objectPath) await removeObjectAtPath(workspaceId, contact.avatarUrl);
  return { objectPath };
}
