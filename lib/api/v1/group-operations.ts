import "server-only";
import { z } from "zod";
import {
  GROUP_LIMIT,
  createGroupSchema,
  groupMembersSchema,
  renameGroupSchema,
} from "@/lib/validations/group";
import { cursorQuery, idParams, instant, pageSchema } from "./common-schemas";
import { defineOperation } from "./operation";

export const groupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    memberCount: z.number().int(),
    createdAt: instant(),
  })
  .meta({ id: "Group" });

const groupPageSchema = pageSchema(groupSchema, "GroupPage");
const membersInput = groupMembersSchema.meta({ id: "GroupMembersInput" });

export const groupListQuerySchema = z
  .object({ ...cursorQuery, limit: z.coerce.number().int().min(1).max(100).default(50) })
  .strict();

const MEMBERS_HELP =
  "`contactIds` are ids of your contacts (at most 5,000 per request); any other id is a 404 " +
  "`contact_not_found` and nothing changes.";

export const listGroupsOperation = defineOperation({
  operationId: "listGroups",
  method: "GET",
  path: "/groups",
  tag: "Groups",
  summary: "List groups",
  description: "Newest first, each with its member count. `GET /contacts?groupId=` lists a group's members.",
  query: groupListQuerySchema,
  response: groupPageSchema,
});

export const createGroupOperation = defineOperation({
  operationId: "createGroup",
  method: "POST",
  path: "/groups",
  tag: "Groups",
  summary: "Create a group",
  description:
    `A name, unique among your groups whatever its case (409 \`duplicate_group_name\`), and optionally its first members. ${MEMBERS_HELP} ` +
    `An account keeps at most ${GROUP_LIMIT} groups (409 \`group_limit\`).`,
  body: createGroupSchema.meta({ id: "GroupInput" }),
  response: groupSchema,
  status: 201,
  errors: [404, 409],
});

export const getGroupOperation = defineOperation({
  operationId: "getGroup",
  method: "GET",
  path: "/groups/{id}",
  tag: "Groups",
  summary: "Get a group",
  params: idParams,
  response: groupSchema,
});

export const renameGroupOperation = defineOperation({
  operationId: "renameGroup",
  method: "PATCH",
  path: "/groups/{id}",
  tag: "Groups",
  summary: "Rename a group",
  description: "A name another of your groups has (whatever its case) is a 409 `duplicate_group_name`.",
  params: idParams,
  body: renameGroupSchema.meta({ id: "GroupRename" }),
  response: groupSchema,
  errors: [409],
});

export const deleteGroupOperation = defineOperation({
  operationId: "deleteGroup",
  method: "DELETE",
  path: "/groups/{id}",
  tag: "Groups",
  summary: "Delete a group",
  description:
    "The contacts stay. The group's reminders go with it: each reminder to the group, its members' reminders and their delivery history.",
  params: idParams,
});

export const addGroupMembersOperation = defineOperation({
  operationId: "addGroupMembers",
  method: "POST",
  path: "/groups/{id}/members",
  tag: "Groups",
  summary: "Add contacts to a group",
  description:
    `${MEMBERS_HELP} A contact already in the group is left as it is (\`added\` counts those who joined). ` +
    "Joiners receive the group's scheduled reminders from their next occurrence.",
  params: idParams,
  body: membersInput,
  response: z.object({ group: groupSchema, added: z.number().int() }).meta({ id: "GroupMembersAdded" }),
});

export const removeGroupMembersOperation = defineOperation({
  operationId: "removeGroupMembers",
  method: "POST",
  path: "/groups/{id}/members/remove",
  tag: "Groups",
  summary: "Remove contacts from a group",
  description:
    `${MEMBERS_HELP} A contact not in the group is no change (\`removed\` counts those who left). ` +
    "Leavers' reminders from the group stop; their history stays.",
  params: idParams,
  body: membersInput,
  response: z.object({ group: groupSchema, removed: z.number().int() }).meta({ id: "GroupMembersRemoved" }),
});
