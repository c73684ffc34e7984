import type { Task } from "graphile-worker";
import { finishContactDeletions } from "@/lib/contacts/finish-contact-deletions";
import { FINISH_CONTACT_DELETIONS } from "@/lib/contacts/queue-contact-deletion-end";

export { FINISH_CONTACT_DELETIONS };

/** graphile-worker task queued by deleteContact for the end of its undo window. */
export const finishContactDeletionsTask: Task = async (_payload, helpers) => {
  const finished = await finishContactDeletions(new Date());
  helpers.logger.info(`contact deletions made final: ${finished}`);
};
