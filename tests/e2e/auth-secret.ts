/** The e2e servers' AUTH_SECRET: specs sign links (a preferences token) as the app does. */
export const E2E_AUTH_SECRET = "e2e-secret-not-for-production";
