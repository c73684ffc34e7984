/**
 * The namespaces the preferences page's client components read (checked against their imports by
 * tests/unit/layout/page-messages.test.ts): the page hands only these to the browser.
 */
export const PREFERENCES_CLIENT_NAMESPACES = ["preferencesPage", "errors", "language"] as const;
