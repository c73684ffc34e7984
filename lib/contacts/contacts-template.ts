/** The Download Template file: the columns and three sample rows. Dates are YYYY-MM-DD, or
 * --MM-DD without a year; a group cell names one group or several, separated by ";". */
export const CONTACTS_TEMPLATE_FILENAME = "contacts_template.csv";

export const CONTACTS_TEMPLATE_CSV = [
  "name,email,phone,relationship,birthday,anniversary,group",
  "Jane Smith,jane@example.com,+14155552671,Friend,1986-03-03,,Book club",
  "John Doe,john@example.com,,Colleague,--07-14,,Work",
  '"García, María",,+34612345678,Family,,2012-06-09,Family; Book club',
].join("\r\n");
