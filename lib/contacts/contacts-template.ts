/** The Download Template file (SPEC section 2): the columns and three sample rows. */
export const CONTACTS_TEMPLATE_FILENAME = "contacts_template.csv";

export const CONTACTS_TEMPLATE_CSV = [
  "name,email,phone,relationship",
  "Jane Smith,jane@example.com,+14155552671,Friend",
  "John Doe,john@example.com,,Colleague",
  '"García, María",,+34612345678,Family',
].join("\r\n");
