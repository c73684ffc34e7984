import "server-only";
import { z } from "zod";
import { activityQuerySchema } from "@/lib/validations/delivery";
import { createTemplateSchema } from "@/lib/validations/template";
import { idParams } from "./common-schemas";
import { defineOperation } from "./operation";
import {
  deliveryPageSchema,
  memberPageSchema,
  templatePageSchema,
  templateSchema,
  usageSchema,
} from "./resource-schemas";

export const listDeliveriesOperation = defineOperation({
  operationId: "listDeliveries",
  method: "GET",
  path: "/deliveries",
  tag: "Deliveries",
  summary: "List deliveries",
  description:
    "The delivery log: every message sent or tried, newest first, filtered by status, channel, contact or reminder. " +
    "`skipped`: refused before any send (an opt-out, say).",
  query: activityQuerySchema,
  response: deliveryPageSchema,
});

export const listTemplatesOperation = defineOperation({
  operationId: "listTemplates",
  method: "GET",
  path: "/templates",
  tag: "Templates",
  summary: "List message templates",
  description: "All of them in one page (an account keeps at most 50), your language first.",
  query: z.object({}).strict(),
  response: templatePageSchema,
});

export const createTemplateOperation = defineOperation({
  operationId: "createTemplate",
  method: "POST",
  path: "/templates",
  tag: "Templates",
  summary: "Create a message template",
  body: createTemplateSchema.meta({ id: "TemplateInput" }),
  response: templateSchema,
  status: 201,
  errors: [409],
});

export const deleteTemplateOperation = defineOperation({
  operationId: "deleteTemplate",
  method: "DELETE",
  path: "/templates/{id}",
  tag: "Templates",
  summary: "Delete a message template",
  params: idParams,
});

export const getUsageOperation = defineOperation({
  operationId: "getUsage",
  method: "GET",
  path: "/usage",
  tag: "Account",
  summary: "Plan and usage",
  description: "Your plan, reminders sent against its quota, contacts against its limit, and credit.",
  response: usageSchema,
});

export const listMembersOperation = defineOperation({
  operationId: "listMembers",
  method: "GET",
  path: "/members",
  tag: "Account",
  summary: "List the workspace's members",
  description:
    "Everyone in the workspace the key belongs to, with their role, the owner first. A key acts as " +
    "the member who created it, with their role at most (a read key reads only), and stops working " +
    "when that member leaves the workspace.",
  query: z.object({}).strict(),
  response: memberPageSchema,
});
