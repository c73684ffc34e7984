/** The product's name as messages, e-mails and the calendar feed sign it. */
export const PRODUCT_NAME = "Remindful";
