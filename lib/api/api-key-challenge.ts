/** The challenge of a 401 (RFC 6750 §3): a bearer token is what this API takes. */
export const API_KEY_CHALLENGE = 'Bearer realm="Remindful API"';
