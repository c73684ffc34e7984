import { z } from "zod";
import { DELIVERY_METHODS } from "@/db/schema/enums";

/** A user keeps at most this many groups (docs/groups.md). */
export const GROUP_LIMIT = 200;
export const GROUP_NAME_MAX_LENGTH = 80;
/** Contacts added or removed in one request; a larger group is built in several. */
export const GROUP_MEMBERS_PER_REQUEST = 5000;

const name = z.string().trim().min(1, "Name is required").max(GROUP_NAME_MAX_LENGTH);
const contactIds = z.array(z.string().min(1).max(100)).min(1).max(GROUP_MEMBERS_PER_REQUEST);

/** POST /api/groups: a name, and optionally its first members. */
export const createGroupSchema = z.object({ name, contactIds: contactIds.optional() }).strict();

/** PATCH /api/groups/{id}: rename. */
export const renameGroupSchema = z.object({ name }).strict();

/** POST /api/groups/{id}/members (add) and POST /api/groups/{id}/members/remove. */
export const groupMembersSchema = z.object({ contactIds }).strict();

/** Ids are opaque text: an unknown or malformed one is a 404, not a validation error. */
export const groupIdParams = z.object({ id: z.string().min(1).max(100) });

/** GET /api/contacts?groupId=: the members of one group (other parameters are ignored, as before). */
export const contactListFilterSchema = z.object({ groupId: z.string().min(1).max(100).optional() });

/**
 * GET /api/groups/{id}/reach?channels=whatsapp,sms,email: how many messages one occurrence
 * sends to this group by that chain, and which members no channel of it reaches.
 */
export const groupReachQuerySchema = z
  .object({
    channels: z
      .string()
      .max(100)
      .transform((value) => value.split(",").filter(Boolean))
      .pipe(z.array(z.enum(DELIVERY_METHODS)).min(1).max(4)),
  })
  .strict();

export type CreateGroupInput = z.output<typeof createGroupSchema>;
export type RenameGroupInput = z.output<typeof renameGroupSchema>;
export type GroupMembersInput = z.output<typeof groupMembersSchema>;
