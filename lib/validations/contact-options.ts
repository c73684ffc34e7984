import { z } from "zod";

/** The reminder dialog's contact picker asks for the signed-in user's contacts; nothing to pass. */
export const contactOptionsInputSchema = z.object({}).strict();
