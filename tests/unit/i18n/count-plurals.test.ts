import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

type Tree = { [key: string]: string | Tree };
const CATALOGUES = { en, es, fr } as const;
type Locale = keyof typeof CATALOGUES;

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/**
 * Every message that writes a count, the argument that holds it, the other values it needs, and
 * how it reads with 0, 1 and 2 in each language (French counts 0 and 1 as singular, Spanish and
 * English only 1).
 */
const COUNT_MESSAGES: Record<
  string,
  { count: string; values?: Record<string, string | number>; reads: Record<Locale, [string, string, string]> }
> = {
  "contacts.usage": {
    count: "used",
    values: { limit: 50 },
    reads: {
      en: ["0 of 50 contacts used", "1 of 50 contacts used", "2 of 50 contacts used"],
      es: ["0 de 50 contactos usados", "1 de 50 contactos usados", "2 de 50 contactos usados"],
      fr: ["0 contact utilisé sur 50", "1 contact utilisé sur 50", "2 contacts utilisés sur 50"],
    },
  },
  "contactImport.successCount": {
    count: "count",
    reads: {
      en: [
        "Successfully imported 0 contacts",
        "Successfully imported 1 contact",
        "Successfully imported 2 contacts",
      ],
      es: [
        "Se importaron 0 contactos correctamente",
        "Se importó 1 contacto correctamente",
        "Se importaron 2 contactos correctamente",
      ],
      fr: [
        "0 contact importé avec succès",
        "1 contact importé avec succès",
        "2 contacts importés avec succès",
      ],
    },
  },
  "contactImport.failedCount": {
    count: "count",
    reads: {
      en: [", 0 failed", ", 1 failed", ", 2 failed"],
      es: [", 0 con errores", ", 1 con errores", ", 2 con errores"],
      fr: [", 0 en échec", ", 1 en échec", ", 2 en échec"],
    },
  },
  "contactImport.previewCount": {
    count: "count",
    reads: {
      en: [
        "No contact in this file can be imported.",
        "1 contact will be imported.",
        "2 contacts will be imported.",
      ],
      es: [
        "No se puede importar ningún contacto de este archivo.",
        "Se importará 1 contacto.",
        "Se importarán 2 contactos.",
      ],
      fr: [
        "Aucun contact de ce fichier ne peut être importé.",
        "1 contact sera importé.",
        "2 contacts seront importés.",
      ],
    },
  },
  "contactImport.previewSkippedCount": {
    count: "count",
    reads: {
      en: ["0 rows will be skipped.", "1 row will be skipped.", "2 rows will be skipped."],
      es: ["Se omitirán 0 filas.", "Se omitirá 1 fila.", "Se omitirán 2 filas."],
      fr: ["0 ligne sera ignorée.", "1 ligne sera ignorée.", "2 lignes seront ignorées."],
    },
  },
  "contactImport.previewFirstRows": {
    count: "shown",
    values: { total: 12 },
    reads: {
      en: [
        "The first 0 contacts of 12, as they will be imported",
        "The first contact of 12, as it will be imported",
        "The first 2 contacts of 12, as they will be imported",
      ],
      es: [
        "Los 0 primeros contactos de 12, tal como se importarán",
        "El primer contacto de 12, tal como se importará",
        "Los 2 primeros contactos de 12, tal como se importarán",
      ],
      fr: [
        "Le premier contact sur 12, tel qu’il sera importé",
        "Le premier contact sur 12, tel qu’il sera importé",
        "Les 2 premiers contacts sur 12, tels qu’ils seront importés",
      ],
    },
  },
  "contactImport.previewAllRows": {
    count: "count",
    reads: {
      en: [
        "The 0 contacts, as they will be imported",
        "The contact, as it will be imported",
        "The 2 contacts, as they will be imported",
      ],
      es: [
        "Los 0 contactos, tal como se importarán",
        "El contacto, tal como se importará",
        "Los 2 contactos, tal como se importarán",
      ],
      fr: [
        "Le contact, tel qu’il sera importé",
        "Le contact, tel qu’il sera importé",
        "Les 2 contacts, tels qu’ils seront importés",
      ],
    },
  },
  "contactImport.importCount": {
    count: "count",
    reads: {
      en: ["Import 0 contacts", "Import 1 contact", "Import 2 contacts"],
      es: ["Importar 0 contactos", "Importar 1 contacto", "Importar 2 contactos"],
      fr: ["Importer 0 contact", "Importer 1 contact", "Importer 2 contacts"],
    },
  },
  "groups.importedIntoMany": {
    count: "count",
    reads: {
      en: ["; contacts added to 0 groups", "; contacts added to 1 group", "; contacts added to 2 groups"],
      es: [
        "; contactos añadidos a 0 grupos",
        "; contactos añadidos a 1 grupo",
        "; contactos añadidos a 2 grupos",
      ],
      fr: [
        " ; contacts ajoutés à 0 groupe",
        " ; contacts ajoutés à 1 groupe",
        " ; contacts ajoutés à 2 groupes",
      ],
    },
  },
  "recurrence.endsAfter": {
    count: "count",
    reads: {
      en: [" (ends after 0 times)", " (ends after 1 time)", " (ends after 2 times)"],
      es: [" (termina tras 0 veces)", " (termina tras 1 vez)", " (termina tras 2 veces)"],
      fr: [" (se termine après 0 fois)", " (se termine après 1 fois)", " (se termine après 2 fois)"],
    },
  },
  "recurrence.list.days": {
    count: "interval",
    reads: {
      en: ["every 0 days", "every day", "every 2 days"],
      es: ["cada 0 días", "cada día", "cada 2 días"],
      fr: ["tous les 0 jours", "tous les jours", "tous les 2 jours"],
    },
  },
  "recurrence.list.weeksOn": {
    count: "interval",
    values: { days: "Monday" },
    reads: {
      en: ["every 0 weeks on Monday", "every week on Monday", "every 2 weeks on Monday"],
      es: ["cada 0 semanas los Monday", "cada semana los Monday", "cada 2 semanas los Monday"],
      fr: [
        "toutes les 0 semaines le Monday",
        "toutes les semaines le Monday",
        "toutes les 2 semaines le Monday",
      ],
    },
  },
  "recurrence.list.monthlyDay": {
    count: "interval",
    values: { day: 3 },
    reads: {
      en: ["3rd of every 0 months", "3rd of every month", "3rd of every 2 months"],
      es: ["el día 3 de cada 0 meses", "el día 3 de cada mes", "el día 3 de cada 2 meses"],
      fr: ["le 3 tous les 0 mois", "le 3 de chaque mois", "le 3 tous les 2 mois"],
    },
  },
  "recurrence.list.yearlyDay": {
    count: "interval",
    values: { date: "21/7" },
    reads: {
      en: ["21/7 every 0 years", "21/7 every year", "21/7 every 2 years"],
      es: ["21/7, cada 0 años", "21/7, cada año", "21/7, cada 2 años"],
      fr: ["le 21/7, tous les 0 ans", "le 21/7, tous les ans", "le 21/7, tous les 2 ans"],
    },
  },
  "schedule.calendar.more": {
    count: "count",
    reads: {
      en: ["0 more", "1 more", "2 more"],
      es: ["0 más", "1 más", "2 más"],
      fr: ["0 de plus", "1 de plus", "2 de plus"],
    },
  },
  "dashboard.remaining": {
    count: "count",
    reads: {
      en: ["0 remaining", "1 remaining", "2 remaining"],
      es: ["Quedan 0", "Queda 1", "Quedan 2"],
      fr: ["0 restant", "1 restant", "2 restants"],
    },
  },
  "dashboard.contactsUsage": {
    count: "used",
    values: { limit: 50 },
    reads: {
      en: ["0/50 contacts", "1/50 contacts", "2/50 contacts"],
      es: ["0/50 contactos", "1/50 contactos", "2/50 contactos"],
      fr: ["0 sur 50 contacts", "1 sur 50 contacts", "2 sur 50 contacts"],
    },
  },
  "dashboard.checklist.progress": {
    count: "done",
    values: { total: 4 },
    reads: {
      en: ["0 of 4 done", "1 of 4 done", "2 of 4 done"],
      es: ["0 de 4 hechos", "1 de 4 hechos", "2 de 4 hechos"],
      fr: ["0 sur 4 faits", "1 sur 4 faits", "2 sur 4 faits"],
    },
  },
  "delivery.errors.callDailyCap": {
    count: "cap",
    reads: {
      en: [0, 1, 2].map(
        (n) => `Daily call limit reached: your plan allows ${n} call${n === 1 ? "" : "s"} a day`,
      ) as [string, string, string],
      es: [0, 1, 2].map(
        (n) =>
          `Se alcanzó el límite diario de llamadas: tu plan permite ${n} llamada${n === 1 ? "" : "s"} al día`,
      ) as [string, string, string],
      fr: [0, 1, 2].map(
        (n) =>
          `Limite quotidienne d’appels atteinte : votre forfait permet ${n} appel${n < 2 ? "" : "s"} par jour`,
      ) as [string, string, string],
    },
  },
  "delivery.errors.groupNotCovered": {
    count: "needed",
    reads: {
      en: [0, 1, 2].map(
        (n) =>
          `Sent to no member: this group occurrence needs ${n} reminder${n === 1 ? "" : "s"} and the plan cannot cover them all`,
      ) as [string, string, string],
      es: [0, 1, 2].map(
        (n) =>
          `No se envió a ningún miembro: este envío al grupo necesita ${n} recordatorio${n === 1 ? "" : "s"} y el plan no puede cubrirlos todos`,
      ) as [string, string, string],
      fr: [0, 1, 2].map(
        (n) =>
          `Envoyé à aucun membre : cet envoi au groupe nécessite ${n} rappel${n < 2 ? "" : "s"} et le forfait ne peut pas tous les couvrir`,
      ) as [string, string, string],
    },
  },
  "playPage.footer": {
    count: "days",
    reads: {
      en: [0, 1, 2].map(
        (n) =>
          `Sent with Remindful. This private link stops working ${n} day${n === 1 ? "" : "s"} after it was sent.`,
      ) as [string, string, string],
      es: [0, 1, 2].map(
        (n) =>
          `Enviado con Remindful. Este enlace privado deja de funcionar ${n} día${n === 1 ? "" : "s"} después del envío.`,
      ) as [string, string, string],
      fr: [0, 1, 2].map(
        (n) =>
          `Envoyé avec Remindful. Ce lien privé cesse de fonctionner ${n} jour${n < 2 ? "" : "s"} après l’envoi.`,
      ) as [string, string, string],
    },
  },
  "team.invitationEmail.expiry": {
    count: "days",
    reads: {
      en: [0, 1, 2].map(
        (n) =>
          `The link works for ${n} day${n === 1 ? "" : "s"}. If you weren't expecting it, you can ignore this email.`,
      ) as [string, string, string],
      es: [0, 1, 2].map(
        (n) =>
          `El enlace funciona durante ${n} día${n === 1 ? "" : "s"}. Si no la esperabas, puedes ignorar este correo.`,
      ) as [string, string, string],
      fr: [0, 1, 2].map(
        (n) =>
          `Le lien est valable ${n} jour${n < 2 ? "" : "s"}. Si vous ne l'attendiez pas, vous pouvez ignorer cet e-mail.`,
      ) as [string, string, string],
    },
  },
  "delivery.errors.callGaveUp": {
    count: "calls",
    values: { reason: "busy" },
    reads: {
      en: [
        "The line was busy (0 calls placed)",
        "The line was busy (1 call placed)",
        "The line was busy (2 calls placed)",
      ],
      es: [
        "La línea estaba ocupada (0 llamadas realizadas)",
        "La línea estaba ocupada (1 llamada realizada)",
        "La línea estaba ocupada (2 llamadas realizadas)",
      ],
      fr: [
        "La ligne était occupée (0 appel passé)",
        "La ligne était occupée (1 appel passé)",
        "La ligne était occupée (2 appels passés)",
      ],
    },
  },
  "plans.footnotes.trial": {
    count: "days",
    reads: {
      // English writes the count as an adjective ("7-day trial"), which never takes a plural.
      en: [0, 1, 2].map(
        (n) => `${n}-day free trial on the Personal, Starter, Professional and Business plans.`,
      ) as [string, string, string],
      es: [0, 1, 2].map(
        (n) =>
          `Prueba gratuita de ${n} día${n === 1 ? "" : "s"} en los planes Personal, Inicial, Profesional y Empresa.`,
      ) as [string, string, string],
      fr: [0, 1, 2].map(
        (n) =>
          `Essai gratuit de ${n} jour${n < 2 ? "" : "s"} sur les forfaits Personnel, Démarrage, Professionnel et Entreprise.`,
      ) as [string, string, string],
    },
  },
  "quickAdd.leftCount": {
    count: "count",
    reads: {
      en: ["0 parts are left for you.", "1 part is left for you.", "2 parts are left for you."],
      es: [
        "Quedan 0 partes por completar.",
        "Queda 1 parte por completar.",
        "Quedan 2 partes por completar.",
      ],
      fr: ["0 élément reste à remplir.", "1 élément reste à remplir.", "2 éléments restent à remplir."],
    },
  },
};

/**
 * Arguments that hold a count; a message writing one of them as a plain `{name}` must be listed
 * above (so its 0, 1 and 2 are read) or below, with why its words never change with the count.
 */
const COUNT_ARGUMENTS = new Set([
  "count",
  "used",
  "interval",
  "days",
  "cap",
  "needed",
  "done",
  "total",
  "shown",
  "n",
  "calls",
  "members",
  "missing",
  "remaining",
]);

/** Plain counts whose words do not change with the number. */
const WITHOUT_NOUN: Record<string, string> = {
  "contacts.showMore": "'(3 of 40)': numbers in brackets",
  "groups.allContacts": "a number in brackets",
  "groups.selectAll": "a number in brackets",
  "recurrence.weeklyOn": "{days} is a list of weekday names",
  "recurrence.sentence.weekly": "{days} is a list of weekday names; the interval is a plural",
  "delivery.errors.channelNotConfigured": "{missing} lists the settings that are missing",
  "dashboard.remindersUsage": "the noun follows the quota, never below 10",
  "shell.remindersUsage": "the noun follows the quota, never below 10",
  "shell.contactsBadge": "the noun follows the limit, never below 5",
  "delivery.errors.quotaReached": "used equals the quota, never below 10",
  "team.seats.count": "'Members: 1 of 3': a label before the numbers",
  "reminderForm.interval.days": "a plural whose English branch word is ' days'; the count is not written",
  "preferencesPage.channels.moved": "'choice 2 of 3': a rank out of a total, no noun after the count",
};

function render(locale: Locale, key: string, values: Record<string, string | number>) {
  const t = createTranslator({ locale, messages: CATALOGUES[locale] as Tree });
  return (t as unknown as (key: string, values: Record<string, string | number>) => string)(key, values);
}

describe("messages with a count", () => {
  for (const [key, { count, values, reads }] of Object.entries(COUNT_MESSAGES)) {
    it.each(Object.keys(CATALOGUES) as Locale[])(`${key} in %s reads right with 0, 1 and 2`, (locale) => {
      expect([0, 1, 2].map((n) => render(locale, key, { ...values, [count]: n }))).toEqual(reads[locale]);
    });
  }

  it("every message writing a count as a plain number is read above or says why its words never change", () => {
    const unreviewed: string[] = [];
    for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
      for (const [key, message] of flatten(catalogue as Tree)) {
        // Plural and select branches are checked by rendering; what is left is `{count}` as is.
        const plain = [...message.matchAll(/\{\s*(\w+)\s*\}/g)].map((m) => m[1]);
        if (
          plain.some((name) => COUNT_ARGUMENTS.has(name)) &&
          !(key in COUNT_MESSAGES) &&
          !(key in WITHOUT_NOUN)
        )
          unreviewed.push(`${locale} ${key}: ${message}`);
      }
    }
    expect(unreviewed).toEqual([]);
  });

  it("the audit finds a plain count (the check itself)", () => {
    expect(
      [..."{used} contacts utilisés sur {limit}".matchAll(/\{\s*(\w+)\s*\}/g)].map((m) => m[1]),
    ).toContain("used");
  });
});
