import { asc, eq, sql } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { contactSelect } from "./contact-select";

/**
 * A user's contacts by name (`userId` placeholder), with contactSelect's fields in its order.
 * The order is exactly contacts_user_lower_name_created_idx's, so the rows are read from that
 * index without a sort; each contact's reminder count is an index-only probe of
 * reminders_contact_live_idx (`tests/integration/contacts/list-contacts-plan.test.ts`).
 */
export const contactListQuery = db
  .select(contactSelect)
  .from(contacts)
  .where(eq(contacts.userId, sql.placeholder("userId")))
  .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.createdAt));
