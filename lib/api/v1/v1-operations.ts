import "server-only";
import {
  createContactOperation,
  deleteContactOperation,
  getContactOperation,
  listContactsOperation,
  updateContactOperation,
} from "./contact-operations";
import {
  addGroupMembersOperation,
  createGroupOperation,
  deleteGroupOperation,
  getGroupOperation,
  listGroupsOperation,
  removeGroupMembersOperation,
  renameGroupOperation,
} from "./group-operations";
import type { V1Operation } from "./operation";
import { quickAddOperation } from "./quick-add-operation";
import {
  createTemplateOperation,
  deleteTemplateOperation,
  getUsageOperation,
  listDeliveriesOperation,
  listMembersOperation,
  listTemplatesOperation,
} from "./other-operations";
import {
  cancelReminderOperation,
  createReminderOperation,
  getReminderOperation,
  listRemindersOperation,
  updateReminderOperation,
} from "./reminder-operations";

/** Every operation of /api/v1, in the reference's order. A new v1 route's operation belongs here. */
export const V1_OPERATIONS: readonly V1Operation[] = [
  listContactsOperation,
  createContactOperation,
  getContactOperation,
  updateContactOperation,
  deleteContactOperation,
  listGroupsOperation,
  createGroupOperation,
  getGroupOperation,
  renameGroupOperation,
  deleteGroupOperation,
  addGroupMembersOperation,
  removeGroupMembersOperation,
  listRemindersOperation,
  createReminderOperation,
  getReminderOperation,
  updateReminderOperation,
  cancelReminderOperation,
  quickAddOperation,
  listDeliveriesOperation,
  listTemplatesOperation,
  createTemplateOperation,
  deleteTemplateOperation,
  getUsageOperation,
  listMembersOperation,
] as V1Operation[];
