"use client";

import { useRef, useState, useSyncExternalStore, type ChangeEvent } from "react";
import { useTranslations } from "next-intl";
import { Smartphone } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FieldError, FieldErrorsContext, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import type { UserDateContext } from "@/lib/contacts/date-order";
import {
  GroupNameTooLongError,
  previewContactsFile,
  type ImportPreview,
} from "@/lib/contacts/import-preview";
import { isPhonePickerSupported, pickPhoneContacts } from "@/lib/contacts/phone-picker";
import { ApiRequestError, errorMessage } from "@/lib/api-client/request";
import { GROUP_NAME_MAX_LENGTH } from "@/lib/validations/group";
import type { GroupView } from "./group-calls";
import { GroupChoiceField, NO_GROUP_CHOICE, chosenGroup, type GroupChoice } from "./group-choice-field";
import { ImportFileHelp } from "./import-file-help";
import { ImportOutcome } from "./import-outcome";
import { ImportPreviewPanel } from "./import-preview";
import { useImportReason } from "./use-import-reason";
import { useImportSend, type GroupTarget } from "./use-import-send";

export interface ImportContactsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onImported(): void;
  /** The importing user's country and language: numeric dates a file leaves open are read their way. */
  user: UserDateContext;
  /** The user's groups: the imported contacts can go into one, or into a new one. */
  groups: readonly GroupView[];
}

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

/**
 * Import dialog: a CSV or vCard file, read in the browser and previewed (what will come in,
 * what will not) before one server import on confirmation; or the phone's contact picker.
 */
export function ImportContactsDialog({
  open,
  onOpenChange,
  onImported,
  user,
  groups,
}: ImportContactsDialogProps) {
  const t = useTranslations("contactImport");
  const tg = useTranslations("groups");
  const reason = useImportReason();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // The file being read: a second choice before the first is read wins.
  const reading = useRef(0);
  // 'Import from Phone' only where the browser has the Contact Picker (false on the server).
  const phonePicker = useSyncExternalStore(subscribeNever, isPhonePickerSupported, () => false);
  const [pending, setPending] = useState(false);
  const outcome = useImportSend(onImported, () => change(false));
  const { send } = outcome;
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
  const chosen = chosenGroup(groupChoice, groups);
  const intoGroup = !chosen ? null : "group" in chosen ? chosen.group.name : chosen.newName || null;

  function change(next: boolean) {
    if (!next) {
      fieldErrors.clear();
      setPreview(null);
      setGroupChoice(NO_GROUP_CHOICE);
      outcome.reset();
    }
    onOpenChange(next);
  }

  /** A file's own problem (its format, a missing column, a group name too long), in the user's words. */
  const fileProblem = (error: unknown) => {
    if (error instanceof GroupNameTooLongError) {
      const name = error.groupName.length > 40 ? `${error.groupName.slice(0, 40)}…` : error.groupName;
      return t("reasons.groupNameTooLong", { line: error.line, name, max: GROUP_NAME_MAX_LENGTH });
    }
    const message = errorMessage(error);
    return message ? reason(message) : t("failedDefault");
  };

  /** A chosen file is read at once and previewed; nothing is sent until its import is confirmed. */
  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const turn = ++reading.current;
    fieldErrors.clear(FILE_CONTROL);
    setPreview(null);
    outcome.reset();
    if (!file) return;
    try {
      const next = previewContactsFile(file.name, new Uint8Array(await file.arrayBuffer()), user);
      if (turn === reading.current) setPreview(next);
    } catch (error) {
      // The file's own problem shows under the file control, which keeps focus.
      if (turn === reading.current) fieldErrors.set(FILE_CONTROL, fileProblem(error));
    }
  };

  /** Back to the file control, empty, for another file. */
  const chooseAnother = () => {
    reading.current += 1;
    setPreview(null);
    if (fileInput.current) {
      fileInput.current.value = "";
      fileInput.current.focus();
    }
  };

  const importPreview = async () => {
    if (!preview) return;
    fieldErrors.clear();
    const group = groupPart();
    if (group === false) return;
    setPending(true);
    try {
      await send(preview.rows, preview.skipped, preview.leftOut, group);
      chooseAnother();
    } catch (error) {
      // A refusal of the group (gone, a name already taken) shows at its control.
      if (fieldErrors.show(error)) return;
      const code = error instanceof ApiRequestError ? (error.code ?? undefined) : undefined;
      const message = errorMessage(error);
      toast.error(t("importFailed"), {
        description: message ? reason({ line: 0, reason: message, code }) : t("failedDefault"),
      });
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
          <Tabs defaultValue="csv" className="min-w-0">
            <TabsList className="w-full">
              <TabsTrigger value="csv">{t("csvTab")}</TabsTrigger>
              <TabsTrigger value="phone">{t("phoneTab")}</TabsTrigger>
            </TabsList>
            <TabsContent value="csv" className="grid min-w-0 gap-4 pt-2">
              <ImportFileHelp />
              <div className="grid gap-2">
                <Label htmlFor={FILE_CONTROL}>{t("fileLabel")}</Label>
                <Input
                  id={FILE_CONTROL}
                  ref={fileInput}
                  type="file"
                  accept=".csv,.vcf,.vcard,text/csv,text/vcard,text/x-vcard"
                  disabled={pending}
                  {...fieldAria(fieldErrors.errors, FILE_CONTROL)}
                  onChange={chooseFile}
                />
                <FieldError htmlFor={FILE_CONTROL} />
              </div>
              {preview ? (
                <ImportPreviewPanel
                  preview={preview}
                  intoGroup={intoGroup}
                  pending={pending}
                  onConfirm={importPreview}
                  onChooseAnother={chooseAnother}
                />
              ) : null}
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
          <ImportOutcome failures={outcome.failures} leftOut={outcome.leftOut} />
        </DialogContent>
      </FieldErrorsContext>
    </Dialog>
  );
}
