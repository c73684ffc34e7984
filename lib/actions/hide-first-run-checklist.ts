"use server";

import { z } from "zod";
import { userAction } from "@/lib/actions/user-action";
import { hideFirstRunChecklist as hide } from "@/lib/users/hide-first-run-checklist";

/** The dashboard checklist's Hide button: the person's own choice, whatever their role. */
export const hideFirstRunChecklist = userAction("read", z.object({}).strict(), async (_input, actor) =>
  hide(actor.user.id),
);
