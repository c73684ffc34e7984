import { describe, expect, it } from "vitest";
import { recipientTimeZone } from "@/lib/contacts/recipient-time-zone";
import { countryOfZone, zoneOfCountry } from "@/lib/time/zone-country";
import { formatPhone, phoneRegionOf, toE164 } from "@/lib/validations/phone";

describe("zone and country", () => {
  it.each([
    ["Europe/London", "GB"],
    ["Europe/Paris", "FR"],
    ["America/New_York", "US"],
    ["Atlantic/Canary", "ES"],
    ["Asia/Calcutta", "IN"], // the old name ICU still reports
    ["Europe/Kiev", "UA"],
    ["UTC", undefined],
    ["Etc/GMT+5", undefined],
  ])("%s is in %s", (zone, country) => {
    expect(countryOfZone(zone)).toBe(country);
  });

  it("gives a zone only to countries that keep one clock", () => {
    expect(zoneOfCountry("GB")).toBe("Europe/London");
    expect(zoneOfCountry("FR")).toBe("Europe/Paris");
    expect(zoneOfCountry("DE")).toBe("Europe/Berlin"); // Busingen keeps Berlin's clock
    expect(zoneOfCountry("US")).toBeUndefined();
    expect(zoneOfCountry("ES")).toBeUndefined(); // the Canaries are an hour behind
  });
});

describe("phone region and formatting", () => {
  it("reads national numbers in the country of the user's phone, else of the user's zone", () => {
    expect(phoneRegionOf({ phone: "+33612345678", timezone: "Europe/London" })).toBe("FR");
    expect(phoneRegionOf({ phone: null, timezone: "Europe/London" })).toBe("GB");
    expect(phoneRegionOf({ phone: null, timezone: "UTC" })).toBeUndefined();
    expect(toE164("07911 123456", phoneRegionOf({ phone: null, timezone: "Europe/London" }))).toBe(
      "+447911123456",
    );
  });

  it("shows stored numbers in international format", () => {
    expect(formatPhone("+447911123456")).toBe("+44 7911 123456");
    expect(formatPhone("+14155552671")).toBe("+1 415 555 2671");
    expect(formatPhone("+33612345678")).toBe("+33 6 12 34 56 78");
    expect(formatPhone("not a number")).toBe("not a number");
  });

  it("puts a recipient in the chosen zone, else the phone's single-clock country, else the owner's", () => {
    expect(recipientTimeZone({ timezone: "Asia/Tokyo", phone: "+447911123456" }, "UTC")).toBe("Asia/Tokyo");
    expect(recipientTimeZone({ timezone: null, phone: "+442079460018" }, "America/Chicago")).toBe(
      "Europe/London",
    );
    expect(recipientTimeZone({ timezone: null, phone: "+14155552671" }, "America/Chicago")).toBe(
      "America/Chicago",
    );
    expect(recipientTimeZone({ timezone: null, phone: null }, "Europe/Paris")).toBe("Europe/Paris");
  });
});
