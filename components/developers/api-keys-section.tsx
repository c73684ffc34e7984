"use client";

import { useId, useMemo, useState, useTransition } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Copy } from "lucide-react";
import { toast } from "sonner";
import { copyText } from "@/components/ui/copy-text";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError, FieldErrorsContext, FormError, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { ApiRequestError, apiRequest } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

/** A key as GET /api/api-keys answers it (instants as ISO text). */
export interface ApiKeyItem {
  id: string;
  name: string;
  scope: string;
  prefix: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

/** Settings → Developers: create a named key (shown once), list keys with their use, revoke. */
export function ApiKeysSection({ initialKeys }: { initialKeys: ApiKeyItem[] }) {
  const t = useTranslations("developers.apiKeys");
  const format = useFormatter();
  const errorText = useApiErrorText();
  const nameId = useId();
  const scopeId = useId();
  const newKeyId = useId();
  const [keys, setKeys] = useState(initialKeys);
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"read" | "write">("read");
  const [newKey, setNewKey] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const controls = useMemo(() => ({ name: nameId, scope: scopeId }), [nameId, scopeId]);
  const fieldErrors = useFieldErrors(controls);

  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  const create = (event: React.FormEvent) => {
    event.preventDefault();
    fieldErrors.clear();
    startTransition(async () => {
      try {
        const { key, ...created } = await apiRequest<ApiKeyItem & { key: string }>("POST", "/api/api-keys", {
          name,
          scope,
        });
        setKeys((current) => [created, ...current]);
        setNewKey(key);
        setName("");
        toast.success(t("created"));
      } catch (error) {
        // A refusal of a field shows under it, one of the whole key (the limit) beside the
        // button; a network or server failure is a toast.
        if (fieldErrors.show(error)) return;
        if (error instanceof ApiRequestError && error.status < 500)
          fieldErrors.setFormError(errorText(error));
        else toast.error(t("createFailed"), { description: errorText(error) });
      }
    });
  };

  const revoke = (id: string) =>
    startTransition(async () => {
      try {
        const revoked = await apiRequest<ApiKeyItem>("DELETE", `/api/api-keys/${id}`);
        setKeys((current) => current.map((key) => (key.id === id ? revoked : key)));
        toast.success(t("revoked"));
      } catch (error) {
        toast.error(t("revokeFailed"), { description: errorText(error) });
      }
    });

  const copy = () =>
    newKey ? copyText(newKey, newKeyId, { copied: t("copied"), failed: t("copyFailed") }) : undefined;

  return (
    <Card data-testid="api-keys">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <FieldErrorsContext value={fieldErrors.errors}>
          <form
            onSubmit={create}
            noValidate
            className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
          >
            <div className="space-y-2">
              <Label htmlFor={nameId}>{t("name")}</Label>
              <Input
                id={nameId}
                value={name}
                maxLength={100}
                required
                placeholder={t("namePlaceholder")}
                {...fieldAria(fieldErrors.errors, nameId)}
                onChange={(event) => {
                  fieldErrors.clear(nameId);
                  setName(event.target.value);
                }}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor={scopeId}>{t("scope")}</Label>
              <NativeSelect
                id={scopeId}
                value={scope}
                {...fieldAria(fieldErrors.errors, scopeId)}
                onChange={(event) => {
                  fieldErrors.clear(scopeId);
                  setScope(event.target.value === "write" ? "write" : "read");
                }}
              >
                <NativeSelectOption value="read">{t("scopeRead")}</NativeSelectOption>
                <NativeSelectOption value="write">{t("scopeWrite")}</NativeSelectOption>
              </NativeSelect>
            </div>
            <Button type="submit" disabled={pending || name.trim() === ""}>
              {pending ? t("creating") : t("create")}
            </Button>
            {/* Under the row, so the fields and the button stay level: the first column is the name's. */}
            <FieldError htmlFor={nameId} className="sm:col-span-3" />
            <FieldError htmlFor={scopeId} className="sm:col-span-3" />
            <FormError text={fieldErrors.formError} className="sm:col-span-3" />
          </form>
        </FieldErrorsContext>

        {newKey ? (
          <div className="space-y-2 rounded-md border border-primary/40 p-4" data-testid="new-api-key">
            <Label htmlFor={newKeyId}>{t("newKeyLabel")}</Label>
            <div className="flex flex-wrap gap-2 sm:flex-nowrap">
              <Input
                id={newKeyId}
                readOnly
                value={newKey}
                onFocus={(event) => event.currentTarget.select()}
                className="min-w-0 font-mono text-xs"
              />
              <Button type="button" variant="outline" onClick={copy}>
                <Copy aria-hidden="true" className="size-4" />
                {t("copy")}
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">{t("shownOnce")}</p>
            <Button type="button" variant="ghost" size="sm" onClick={() => setNewKey(null)}>
              {t("done")}
            </Button>
          </div>
        ) : null}

        {keys.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("none")}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={t("listLabel")}>
            {keys.map((key) => (
              <li
                key={key.id}
                className="flex flex-wrap items-center justify-between gap-3 p-3"
                data-testid="api-key-row"
              >
                <div className="min-w-0 space-y-1">
                  <p className="font-medium">
                    {key.name}{" "}
                    <Badge variant="outline">
                      {key.scope === "write" ? t("scopeWrite") : t("scopeRead")}
                    </Badge>{" "}
                    {key.revokedAt ? <Badge variant="destructive">{t("revokedBadge")}</Badge> : null}
                  </p>
                  <p className="font-mono text-xs text-muted-foreground">{`${key.prefix}…`}</p>
                  <p className="text-xs text-muted-foreground">
                    {t("createdAt", { when: when(key.createdAt) })} ·{" "}
                    {key.lastUsedAt ? t("lastUsedAt", { when: when(key.lastUsedAt) }) : t("neverUsed")}
                    {key.revokedAt ? ` · ${t("revokedAt", { when: when(key.revokedAt) })}` : ""}
                  </p>
                </div>
                {key.revokedAt ? null : (
                  <AlertDialog>
                    <AlertDialogTrigger asChild>
                      <Button type="button" variant="outline" size="sm" disabled={pending}>
                        {t("revoke")}
                      </Button>
                    </AlertDialogTrigger>
                    <AlertDialogContent>
                      <AlertDialogHeader>
                        <AlertDialogTitle>{t("revokeTitle", { name: key.name })}</AlertDialogTitle>
                        <AlertDialogDescription>{t("revokeDescription")}</AlertDialogDescription>
                      </AlertDialogHeader>
                      <AlertDialogFooter>
                        <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
                        <AlertDialogAction onClick={() => revoke(key.id)}>
                          {t("revokeConfirm")}
                        </AlertDialogAction>
                      </AlertDialogFooter>
                    </AlertDialogContent>
                  </AlertDialog>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
