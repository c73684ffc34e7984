import { z } from "zod";
import { INVITABLE_ROLES, SENDER_IDENTITIES } from "@/db/schema/enums";
import { emailSchema } from "./email";

/** POST /api/team/invitations: whom to invite, with which role (ownership moves only by a transfer). */
export const inviteMemberSchema = z
  .object({
    email: emailSchema().pipe(z.string().max(320)),
    role: z.enum(INVITABLE_ROLES).default("member"),
  })
  .strict();

/** PATCH /api/team/members/{userId}. */
export const changeRoleSchema = z.object({ role: z.enum(INVITABLE_ROLES) }).strict();

/** POST /api/team/transfer: the member who becomes the owner. */
export const transferOwnershipSchema = z.object({ userId: z.string().min(1).max(100) }).strict();

/** PATCH /api/workspace: the workspace's name and sender identity. */
export const workspaceSettingsSchema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(100).optional(),
    senderIdentity: z.enum(SENDER_IDENTITIES).optional(),
  })
  .strict();

/** The shell's switch. */
export const switchWorkspaceSchema = z.object({ workspaceId: z.string().min(1).max(100) }).strict();

/** Ids in paths are opaque text: an unknown one is a 404, not a validation error. */
export const memberParams = z.object({ userId: z.string().min(1).max(100) });
export const invitationParams = z.object({ id: z.string().min(1).max(100) });
export const invitationTokenParams = z.object({ token: z.string().min(20).max(100) });
