import { readFileSync } from "node:fs";
import { join } from "node:path";

export const CONTACT_FIXTURES = join(process.cwd(), "tests/fixtures/contacts");

/** The bytes of a fixture file in tests/fixtures/contacts, as the browser's File gives them. */
export function contactFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(CONTACT_FIXTURES, name)));
}
