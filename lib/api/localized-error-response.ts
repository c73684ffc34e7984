import "server-only";
import { createTranslator } from "use-intl/core";
import { catalogueFor } from "@/i18n/catalogues";
import type { Locale } from "@/i18n/locales";
import { fieldTokens } from "@/lib/messages/field-names";
import { toDomainError, toErrorResponse } from "./to-error-response";

/**
 * The one error format with `message` in `locale`: the catalogue's `errors.<code>` in Spanish
 * and French; in English the domain's own message, which names the field it is about. `code`,
 * `field` and `issues` stay as they are, for programs.
 */
export async function localizedErrorResponse(error: unknown, locale: Locale): Promise<Response> {
  const domainError = toDomainError(error);
  const response = toErrorResponse(domainError);
  response.headers.set("Content-Language", locale);
  if (locale === "en") return response;
  const catalogue = catalogueFor(locale);
  const t = createTranslator({ ...catalogue, namespace: "errors", onError: () => undefined });
  const body = (await response.json()) as Record<string, unknown>;
  // The messages about message fields name them in this language ("{nombre}").
  const message = t.has(domainError.code) ? t(domainError.code, fieldTokens(locale)) : domainError.message;
  return Response.json({ ...body, message }, { status: response.status, headers: response.headers });
}
