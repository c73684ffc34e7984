"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import {
  END_CONDITIONS,
  FREQUENCIES,
  MAX_INTERVAL,
  NTH_WEEKDAYS,
  WEEKDAYS,
  type Weekday,
} from "@/db/schema/enums";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError, useFieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import type { ReminderFormState } from "./reminder-form-state";

const pad = (n: number) => String(n).padStart(2, "0");
const HOURS = Array.from({ length: 24 }, (_, i) => pad(i));
const MINUTES = Array.from({ length: 60 }, (_, i) => pad(i));
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTHS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"] as const;

type Update = (patch: Partial<ReminderFormState>) => void;

/**
 * 'Number of times': the text is the user's while they type, so it can be emptied and retyped
 * (a controlled number that snapped back to 1 could not); a whole number from 1 reaches the
 * form, and leaving the field shows the kept value again.
 */
function CountInput({
  id = "reminder-end-count",
  max = 10000,
  value,
  onChange,
}: {
  id?: string;
  max?: number;
  value: number;
  onChange(value: number): void;
}) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  const aria = useFieldAria(id);
  if (shown !== value) {
    // The form's value changed from outside (another reminder opened): show it.
    setShown(value);
    if (Number(text) !== value) setText(String(value));
  }
  return (
    <Input
      id={id}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const count = Math.floor(Number(e.target.value));
        if (e.target.value.trim() !== "" && count >= 1) {
          const kept = Math.min(count, max);
          setShown(kept);
          onChange(kept);
        }
      }}
      onBlur={() => setText(String(value))}
      {...aria}
      className="w-24"
    />
  );
}

/** A labelled native select over `options` (value and visible text). */
function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; text: string }[];
  onChange(value: string): void;
  placeholder?: string;
}) {
  const aria = useFieldAria(id);
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} {...aria}>
        {placeholder !== undefined && <NativeSelectOption value="">{placeholder}</NativeSelectOption>}
        {options.map((option) => (
          <NativeSelectOption key={option.value} value={option.value}>
            {option.text}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <FieldError htmlFor={id} />
    </div>
  );
}

const asOptions = (values: readonly (string | number)[]) =>
  values.map((v) => ({ value: String(v), text: String(v) }));

/** Hour 00-23 and minute 00-59, two digits, 24-hour. */
function TimeFields({ state, update }: { state: ReminderFormState; update: Update }) {
  const t = useTranslations("reminderForm");
  return (
    <div className="grid grid-cols-2 gap-2">
      <SelectField
        id="reminder-hour"
        label={t("hour")}
        value={state.hour}
        options={asOptions(HOURS)}
        onChange={(hour) => update({ hour })}
      />
      <SelectField
        id="reminder-minute"
        label={t("minute")}
        value={state.minute}
        options={asOptions(MINUTES)}
        onChange={(minute) => update({ minute })}
      />
    </div>
  );
}

export function OnceFields({
  state,
  update,
  today,
}: {
  state: ReminderFormState;
  update: Update;
  today: string;
}) {
  const t = useTranslations("reminderForm");
  const aria = useFieldAria("reminder-date");
  return (
    <div className="grid gap-3">
      <div className="grid gap-1">
        <Label htmlFor="reminder-date">{t("date")}</Label>
        {/* The browser's date picker, with days before today disabled. */}
        <Input
          id="reminder-date"
          type="date"
          min={today}
          value={state.date}
          onChange={(e) => update({ date: e.target.value })}
          {...aria}
        />
        <FieldError htmlFor="reminder-date" />
      </div>
      <TimeFields state={state} update={update} />
    </div>
  );
}

const MONDAY_TO_FRIDAY: Weekday[] = ["Mon", "Tue", "Wed", "Thu", "Fri"];
const UNITS = { daily: "days", weekly: "weeks", monthly: "months", yearly: "years" } as const;
const ORDINALS = { "1": "first", "2": "second", "3": "third", "4": "fourth", "-1": "last" } as const;

/** "Every [2] weeks": how many days, weeks, months or years apart. */
function IntervalField({ state, update }: { state: ReminderFormState; update: Update }) {
  const t = useTranslations("reminderForm");
  if (!state.frequency) return null;
  const unit = UNITS[state.frequency];
  return (
    <div className="grid gap-1">
      <Label htmlFor="reminder-interval">{t("interval.label", { unit })}</Label>
      <div className="flex items-center gap-2 text-sm">
        <span aria-hidden="true">{t("interval.before", { unit }).trim()}</span>
        <CountInput
          id="reminder-interval"
          max={MAX_INTERVAL}
          value={state.interval}
          onChange={(interval) => update({ interval })}
        />
        <span aria-hidden="true">{t(`interval.${unit}`, { count: state.interval }).trim()}</span>
      </div>
      <FieldError htmlFor="reminder-interval" />
    </div>
  );
}

/** Monthly and yearly: on a day of the month, or on the first..fourth or last weekday. */
function MonthDayFields({ state, update }: { state: ReminderFormState; update: Update }) {
  const t = useTranslations("reminderForm");
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t("monthlyBy.legend")}</legend>
      <RadioGroup
        value={state.monthlyBy}
        onValueChange={(value) => update({ monthlyBy: value as ReminderFormState["monthlyBy"] })}
        className="flex flex-wrap gap-4"
      >
        <label className="flex items-center gap-1.5 text-sm">
          <RadioGroupItem value="day" />
          {t("monthlyBy.day")}
        </label>
        <label className="flex items-center gap-1.5 text-sm">
          <RadioGroupItem value="weekday" />
          {t("monthlyBy.weekday")}
        </label>
      </RadioGroup>
      {state.monthlyBy === "day" ? (
        <SelectField
          id="reminder-day-of-month"
          label={t("dayOfMonth")}
          value={String(state.dayOfMonth)}
          options={asOptions(DAYS)}
          onChange={(day) => update({ dayOfMonth: Number(day) })}
        />
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <SelectField
            id="reminder-nth-weekday"
            label={t("nthWeekday")}
            value={String(state.nthWeekday)}
            options={NTH_WEEKDAYS.map((n) => ({ value: String(n), text: t(`ordinals.${ORDINALS[`${n}`]}`) }))}
            onChange={(n) => update({ nthWeekday: Number(n) as ReminderFormState["nthWeekday"] })}
          />
          <SelectField
            id="reminder-nth-day"
            label={t("nthDay")}
            value={state.nthDay}
            options={WEEKDAYS.map((day) => ({ value: day, text: t(`weekdaysLong.${day}`) }))}
            onChange={(day) => update({ nthDay: day as Weekday })}
          />
        </div>
      )}
    </fieldset>
  );
}

function toggleDay(days: Weekday[], day: Weekday, on: boolean): Weekday[] {
  const set = new Set(days);
  if (on) set.add(day);
  else set.delete(day);
  return WEEKDAYS.filter((d) => set.has(d));
}

export function RecurringFields({
  state,
  update,
  today,
}: {
  state: ReminderFormState;
  update: Update;
  today: string;
}) {
  const t = useTranslations("reminderForm");
  const daysAria = useFieldAria("reminder-days");
  const endDateAria = useFieldAria("reminder-end-date");
  return (
    <div className="grid gap-3">
      <SelectField
        id="reminder-frequency"
        label={t("frequency")}
        value={state.frequency}
        placeholder={t("frequencyPlaceholder")}
        options={FREQUENCIES.map((f) => ({ value: f, text: t(`frequencies.${f}`) }))}
        onChange={(frequency) => update({ frequency: frequency as ReminderFormState["frequency"] })}
      />
      <IntervalField state={state} update={update} />
      <TimeFields state={state} update={update} />
      {state.frequency === "weekly" && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t("days")}</legend>
          <div className="flex flex-wrap gap-3">
            {WEEKDAYS.map((day, index) => (
              <label key={day} className="flex items-center gap-1.5 text-sm">
                {/* The first day is where a missing choice of days takes the focus. */}
                <Checkbox
                  {...(index === 0 ? { id: "reminder-days", ...daysAria } : {})}
                  checked={state.days.includes(day)}
                  onCheckedChange={(on) => update({ days: toggleDay(state.days, day, on === true) })}
                />
                {t(`weekdays.${day}`)}
              </label>
            ))}
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            aria-pressed={state.days.join() === MONDAY_TO_FRIDAY.join()}
            onClick={() => update({ days: MONDAY_TO_FRIDAY })}
          >
            {t("weekdaysOnly")}
          </Button>
          <FieldError htmlFor="reminder-days" />
        </fieldset>
      )}
      {state.frequency === "yearly" && (
        <SelectField
          id="reminder-month"
          label={t("month")}
          value={String(state.month)}
          options={MONTHS.map((m) => ({ value: m, text: t(`months.${m}`) }))}
          onChange={(month) => update({ month: Number(month) })}
        />
      )}
      {(state.frequency === "monthly" || state.frequency === "yearly") && (
        <MonthDayFields state={state} update={update} />
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("endCondition")}</legend>
        <RadioGroup
          value={state.endCondition}
          onValueChange={(value) => update({ endCondition: value as ReminderFormState["endCondition"] })}
          className="flex flex-wrap gap-4"
        >
          {END_CONDITIONS.map((end) => (
            <label key={end} className="flex items-center gap-1.5 text-sm">
              <RadioGroupItem value={end} />
              {t(end === "never" ? "endNever" : end === "after" ? "endAfter" : "endBy")}
            </label>
          ))}
        </RadioGroup>
        {state.endCondition === "after" && (
          <div className="grid gap-1">
            <Label htmlFor="reminder-end-count">{t("endAfterCount")}</Label>
            <CountInput value={state.endAfterCount} onChange={(endAfterCount) => update({ endAfterCount })} />
            <FieldError htmlFor="reminder-end-count" />
          </div>
        )}
        {state.endCondition === "by" && (
          <div className="grid gap-1">
            <Label htmlFor="reminder-end-date">{t("endByDate")}</Label>
            <Input
              id="reminder-end-date"
              type="date"
              min={today}
              value={state.endByDate}
              onChange={(e) => update({ endByDate: e.target.value })}
              {...endDateAria}
            />
            <FieldError htmlFor="reminder-end-date" />
          </div>
        )}
      </fieldset>
    </div>
  );
}
