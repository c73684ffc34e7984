import "server-only";
import { messageTemplates } from "@/db/schema";

/** What the API answers for a template. */
export const templateColumns = {
  id: messageTemplates.id,
  name: messageTemplates.name,
  body: messageTemplates.body,
  locale: messageTemplates.locale,
  createdAt: messageTemplates.createdAt,
  updatedAt: messageTemplates.updatedAt,
};

export interface TemplateView {
  id: string;
  name: string;
  body: string;
  locale: string;
  createdAt: Date;
  updatedAt: Date;
}
