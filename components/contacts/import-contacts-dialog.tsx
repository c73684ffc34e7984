"use client";

import { useState, useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { Download, Smartphone, Upload } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FieldError, FieldErrorsContext, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { CONTACTS_TEMPLATE_CSV, CONTACTS_TEMPLATE_FILENAME } from "@/lib/contacts/contacts-template";
import type { UserDateContext } from "@/lib/contacts/date-order";
import type { ImportResult } from "@/lib/contacts/import-contacts";
import type { ShownImportFailure } from "@/lib/contacts/import-reason-key";
import type { LeftOutDetail } from "@/lib/contacts/left-out";
import { parseContactsFile } from "@/lib/contacts/parse-contacts-file";
import { isPhonePickerSupported, pickPhoneContacts } from "@/lib/contacts/phone-picker";
import { apiRequest, errorMessage } from "@/lib/api-client/request";
import type { ImportRow } from "@/lib/validations/contact-import";
import type { GroupView } from "./group-calls";
import { GroupChoiceField, NO_GROUP_CHOICE, chosenGroup, type GroupChoice } from "./group-choice-field";
import { ImportOutcome } from "./import-outcome";
import { useImportReason } from "./use-import-reason";

export interface ImportContactsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onImported(): void;
  /** The importing user's country and language: numeric dates a file leaves open are read their way. */
  user: UserDateContext;
  /** The user's groups: the imported contacts can go into one, or into a new one. */
  groups: readonly GroupView[];
}

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([CONTACTS_TEMPLATE_CSV], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = CONTACTS_TEMPLATE_FILENAME;
  link.click();
  URL.revokeObjectURL(url);
}

/** Where the import's contacts go: an existing group, a new one, or none. */
type GroupTarget = { groupId?: string; newGroupName?: string };
/** The import's answer; with a group, the group and how many contacts joined it. */
type GroupImportResult = ImportResult & { group?: { name: string } | null; addedToGroup?: number };

const subscribeNever = () => () => {};
const FILE_CONTROL = "contacts-csv";
const GROUP_CONTROL = "import-group";
const GROUP_NAME_CONTROL = "import-group-name";
/** The controls a refusal can concern: the file (its format, its columns) and the group. */
const CONTROLS = {
  file: FILE_CONTROL,
  groupId: GROUP_CONTROL,
  newGroupName: GROUP_NAME_CONTROL,
  name: GROUP_NAME_CONTROL,
} as const;

/** Import dialog: a CSV file or the phone's contact picker, then one server import. */
export function ImportContactsDialog({
  open,
  onOpenChange,
  onImported,
  user,
  groups,
}: ImportContactsDialogProps) {
  const t = useTranslations("contactImport");
  const tg = useTranslations("groups");
  const td = useTranslations("contactDates");
  const reason = useImportReason();
  const [file, setFile] = useState<File | null>(null);
  // 'Import from Phone' only where the browser has the Contact Picker (false on the server).
  const phonePicker = useSyncExternalStore(subscribeNever, isPhonePickerSupported, () => false);
  const [pending, setPending] = useState(false);
  const [failures, setFailures] = useState<ShownImportFailure[]>([]);
  const [leftOut, setLeftOut] = useState<LeftOutDetail[]>([]);
  const fieldErrors = useFieldErrors(CONTROLS);
  const [groupChoice, setGroupChoice] = useState<GroupChoice>(NO_GROUP_CHOICE);

  /** The group the import goes into, as the import's body names it; false: a new one without a name. */
  const groupPart = (): GroupTarget | false => {
    const target = chosenGroup(groupChoice, groups);
    if (!target) return {};
    if ("group" in target) return { groupId: target.group.id };
    if (!target.newName) {
      fieldErrors.set(GROUP_NAME_CONTROL, tg("nameRequired"));
      return false;
    }
    return { newGroupName: target.newName };
  };

  const send = async (
    rows: ImportRow[],
    localFailures: ShownImportFailure[],
    localLeftOut: LeftOutDetail[] = [],
    group: GroupTarget = {},
  ) => {
    const result: GroupImportResult =
      rows.length > 0
        ? await apiRequest<GroupImportResult>("POST", "/api/contacts/import", { rows, ...group })
        : { imported: 0, failed: 0, failures: [], leftOut: [] };
    const all = [...localFailures, ...result.failures].sort((a, b) => a.line - b.line);
    // A detail the browser left out counts only when its contact came in.
    const failedLines = new Set(all.map((f) => f.line));
    const details = [...localLeftOut.filter((d) => !failedLines.has(d.line)), ...result.leftOut].sort(
      (a, b) => a.line - b.line,
    );
    // Contacts already yours that a row matched join the group too, even with nothing imported.
    const joined = result.group && result.addedToGroup ? result.addedToGroup : 0;
    const intoGroup =
      result.group && joined > 0 ? tg("importedInto", { count: joined, name: result.group.name }) : "";
    const description =
      t("successCount", { count: result.imported }) +
      (all.length > 0 ? t("failedCount", { count: all.length }) : "") +
      (details.length > 0 ? t("leftOutCount", { count: details.length }) : "") +
      intoGroup;
    // Nothing imported is an error with the first reason; a partial import a warning.
    if (result.imported === 0) {
      const first = all[0];
      toast.error(t("nothingImported"), {
        description: first
          ? t("failureRow", { line: first.line, reason: reason(first) }) + intoGroup
          : description,
      });
    } else if (all.length > 0) toast.warning(t("importPartial"), { description });
    else toast.success(t("importComplete"), { description });
    setFailures(all);
    setLeftOut(details);
    if (result.imported > 0 || joined > 0) onImported();
    // The dialog stays open while it has something to list.
    if (all.length === 0 && details.length === 0) onOpenChange(false);
  };

  const importCsv = async () => {
    if (!file) return;
    fieldErrors.clear();
    const group = groupPart();
    if (group === false) return;
    setPending(true);
    try {
      let parsed: ReturnType<typeof parseContactsFile>;
      try {
        parsed = parseContactsFile(file.name, new Uint8Array(await file.arrayBuffer()), user);
      } catch (error) {
        // The file's own problem (its format, a missing column) shows under the file control.
        const message = errorMessage(error);
        fieldErrors.set(FILE_CONTROL, message ? reason(message) : t("failedDefault"));
        return;
      }
      await send(parsed.rows, parsed.skipped, parsed.leftOut, group);
    } catch (error) {
      // A refusal of the group (gone, a name already taken) shows at its control.
      if (fieldErrors.show(error)) return;
      const message = errorMessage(error);
      toast.error(t("importFailed"), { description: message ? reason(message) : t("failedDefault") });
    } finally {
      setPending(false);
    }
  };

  const importPhone = async () => {
    if (!isPhonePickerSupported()) {
      toast.error(t("notSupported"), { description: t("notSupportedDescription") });
      return;
    }
    fieldErrors.clear();
    const group = groupPart();
    if (group === false) return;
    setPending(true);
    try {
      const picked = await pickPhoneContacts();
      if (!picked) return;
      const incomplete = picked.incomplete.map((line) => ({
        line,
        reason: t("reasons.phoneEntryIncomplete"),
      }));
      await send(picked.rows, incomplete, [], group);
    } catch (error) {
      if (fieldErrors.show(error)) return;
      toast.error(t("importFailed"), { description: t("phoneFailed") });
    } finally {
      setPending(false);
    }
  };

  const change = (next: boolean) => {
    if (!next) {
      fieldErrors.clear();
      setFile(null);
      setGroupChoice(NO_GROUP_CHOICE);
      setFailures([]);
      setLeftOut([]);
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <FieldErrorsContext value={fieldErrors.errors}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("title")}</DialogTitle>
            <DialogDescription>{t("description")}</DialogDescription>
          </DialogHeader>
          <GroupChoiceField
            label={tg("importLabel")}
            noneLabel={tg("noGroup")}
            groups={groups}
            choice={groupChoice}
            onChange={(next) => {
              fieldErrors.clear(GROUP_CONTROL);
              fieldErrors.clear(GROUP_NAME_CONTROL);
              setGroupChoice(next);
            }}
            selectId={GROUP_CONTROL}
            nameId={GROUP_NAME_CONTROL}
          />
          <Tabs defaultValue="csv">
            <TabsList className="w-full">
              <TabsTrigger value="csv">{t("csvTab")}</TabsTrigger>
              <TabsTrigger value="phone">{t("phoneTab")}</TabsTrigger>
            </TabsList>
            <TabsContent value="csv" className="grid gap-4 pt-2">
              <p className="text-sm text-muted-foreground">{t("csvHelp")}</p>
              <p className="text-sm text-muted-foreground">{td("importHelp")}</p>
              <p className="text-sm text-muted-foreground">{t("formatsHelp")}</p>
              <Button type="button" variant="outline" onClick={downloadTemplate} className="w-fit">
                <Download /> {t("downloadTemplate")}
              </Button>
              <div className="grid gap-2">
                <Label htmlFor="contacts-csv">{t("fileLabel")}</Label>
                <Input
                  id={FILE_CONTROL}
                  type="file"
                  accept=".csv,.vcf,.vcard,text/csv,text/vcard,text/x-vcard"
                  {...fieldAria(fieldErrors.errors, FILE_CONTROL)}
                  onChange={(event) => {
                    fieldErrors.clear(FILE_CONTROL);
                    setFile(event.target.files?.[0] ?? null);
                  }}
                />
                <FieldError htmlFor={FILE_CONTROL} />
              </div>
              <Button type="button" onClick={importCsv} disabled={!file || pending} className="w-fit">
                <Upload /> {pending ? t("importing") : t("import")}
              </Button>
            </TabsContent>
            <TabsContent value="phone" className="grid gap-4 pt-2">
              {phonePicker ? (
                <>
                  <p className="text-sm text-muted-foreground">{t("phoneHelp")}</p>
                  <Button type="button" onClick={importPhone} disabled={pending} className="w-fit">
                    <Smartphone /> {t("importFromPhone")}
                  </Button>
                </>
              ) : (
                // No button that can only fail: 'Not supported', said up front.
                <div
                  role="status"
                  className="rounded-md bg-muted p-3 text-sm"
                  data-testid="phone-unsupported"
                >
                  <p className="font-medium">{t("notSupported")}</p>
                  <p className="text-muted-foreground">{t("notSupportedDescription")}</p>
                </div>
              )}
            </TabsContent>
          </Tabs>
          <ImportOutcome failures={failures} leftOut={leftOut} />
        </DialogContent>
      </FieldErrorsContext>
    </Dialog>
  );
}
