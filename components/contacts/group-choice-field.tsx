"use client";

import { useTranslations } from "next-intl";
import { FieldError, useFieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { GROUP_NAME_MAX_LENGTH } from "@/lib/validations/group";
import type { GroupView } from "./group-calls";

/** The select's value for "a new group" (group ids never start with "+"). */
export const NEW_GROUP = "+new";

/** A choice of group: "" none yet, NEW_GROUP (with `name`), or a group's id. */
export interface GroupChoice {
  value: string;
  name: string;
}

export const NO_GROUP_CHOICE: GroupChoice = { value: "", name: "" };

/** The group a choice names, or the name of the one to make; null when none was chosen. */
export function chosenGroup(
  choice: GroupChoice,
  groups: readonly GroupView[],
): { group: GroupView } | { newName: string } | null {
  if (choice.value === NEW_GROUP) return { newName: choice.name.trim() };
  const group = groups.find((g) => g.id === choice.value);
  return group ? { group } : null;
}

/**
 * A group chosen from the user's groups, or a new one named in a field that appears for it.
 * `noneLabel` is the first option ("No group" on an import, "Choose a group…" elsewhere).
 */
export function GroupChoiceField({
  label,
  noneLabel,
  groups,
  choice,
  onChange,
  selectId,
  nameId,
}: {
  label: string;
  noneLabel: string;
  groups: readonly GroupView[];
  choice: GroupChoice;
  onChange(choice: GroupChoice): void;
  selectId: string;
  nameId: string;
}) {
  const t = useTranslations("groups");
  const selectAria = useFieldAria(selectId);
  const nameAria = useFieldAria(nameId);
  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={selectId}>{label}</Label>
        <NativeSelect
          id={selectId}
          value={choice.value}
          {...selectAria}
          onChange={(event) => onChange({ ...choice, value: event.target.value })}
        >
          <NativeSelectOption value="">{noneLabel}</NativeSelectOption>
          {groups.map((group) => (
            <NativeSelectOption key={group.id} value={group.id}>
              {t("option", { name: group.name, count: group.memberCount })}
            </NativeSelectOption>
          ))}
          <NativeSelectOption value={NEW_GROUP}>{t("newGroupOption")}</NativeSelectOption>
        </NativeSelect>
        <FieldError htmlFor={selectId} />
      </div>
      {choice.value === NEW_GROUP ? (
        <div className="grid gap-2">
          <Label htmlFor={nameId}>{t("newNameLabel")}</Label>
          <Input
            id={nameId}
            value={choice.name}
            maxLength={GROUP_NAME_MAX_LENGTH}
            placeholder={t("namePlaceholder")}
            autoComplete="off"
            {...nameAria}
            onChange={(event) => onChange({ ...choice, name: event.target.value })}
          />
          <FieldError htmlFor={nameId} />
        </div>
      ) : null}
    </div>
  );
}
