import { eq } from "drizzle-orm";
import { contacts, users } from "@/db/schema";
import { ensureDatabase } from "@/lib/db/connection";
import { db, pool } from "@/lib/db";
import { createUser } from "@/lib/users/create-user";

// A demo account to look around with: sign in as demo@remindful.local through the dev outbox.
const DEMO_EMAIL = "demo@remindful.local";

await ensureDatabase();
const [existing] = await db.select().from(users).where(eq(users.email, DEMO_EMAIL));
const user = existing ?? (await createUser({ email: DEMO_EMAIL, name: "Demo User" }));
if (!existing) {
  await db.insert(contacts).values([
    {
      userId: user.id,
      name: "Ana García",
      email: "ana@example.com",
      relationship: "Friend",
      deliveryMethod: "email",
    },
    {
      userId: user.id,
      name: "Louis Martin",
      phone: "+33612345678",
      relationship: "Family",
      deliveryMethod: "sms",
    },
    {
      userId: user.id,
      name: "Sam Lee",
      email: "sam@example.com",
      phone: "+14155550123",
      relationship: "Colleague",
      deliveryMethod: "email",
    },
  ]);
}
console.log(existing ? `${DEMO_EMAIL} already exists` : `Seeded ${DEMO_EMAIL} with 3 contacts`);
await pool.end();
process.exit(0);
