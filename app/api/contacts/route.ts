import { z } from "zod";
import { userRoute } from "@/lib/api/route";
import { createContact } from "@/lib/contacts/create-contact";
import { listContacts } from "@/lib/contacts/list-contacts";
import { parseContactInput } from "@/lib/contacts/parse-contact-input";

export const GET = userRoute({}, async ({ user }) => listContacts(user.id));

// The body is checked by the contact schema built for this user's phone region.
export const POST = userRoute(
  { body: z.record(z.string(), z.unknown()), status: 201 },
  async ({ user, body }) => createContact(user, parseContactInput(user, body)),
);
