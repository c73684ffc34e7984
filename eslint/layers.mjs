import path from "node:path";

/**
 * The layers of lib/, from the bottom up. A folder (or a single file, such as lib/env.ts) may
 * import only folders on lower lines; folders on one line do not import each other. Shared
 * types live next to the schema (db/) and product constants in config/, both below lib/.
 * docs/architecture.md draws this picture.
 */
export const LIB_LAYERS = [
  ["env", "errors", "utils", "time"],
  ["logger", "http", "recurrence"],
  // Quick add reads plain words into a reminder draft with the recurrence engine's calendar.
  ["db", "quick-add"],
  // A person (profile, name, preferences), then the workspaces they act in: who acts, where, with
  // which role (lib/workspaces/actor.ts), resolved once per request for every domain above.
  ["users"],
  ["workspaces"],
  ["jobs", "outbox", "security", "plans", "credits", "seo", "maintenance"],
  // Consent: the signed preferences link and the record of each change a contact made.
  ["mail", "storage", "consent"],
  // Below media and channels: a recording's first play is an event too.
  ["webhooks"],
  ["channels", "media"],
  ["messages"],
  ["validations"],
  ["auth", "contacts", "payments", "api-keys", "team", "trail"],
  ["reminders", "templates", "billing"],
  ["replies", "alerts", "groups"],
  ["delivery"],
  // The contact's own preferences page: what it shows and what each choice writes and sends.
  ["inbound", "activity", "calendar", "preferences"],
  ["dashboard", "account", "health"],
  ["api", "api-client"],
  ["actions"],
];

/** Top-level folders and what each may import (besides itself and npm packages). */
const TOP_LEVEL = {
  db: ["db", "i18n"],
  i18n: ["i18n", "messages"],
  config: ["config", "db", "i18n"],
  lib: ["lib", "db", "config", "i18n", "messages"],
  jobs: ["jobs", "lib", "db", "config", "i18n"],
  components: ["components", "lib", "db", "config", "i18n", "messages"],
  app: ["app", "components", "lib", "db", "config", "i18n", "messages"],
};

const RANK = new Map(LIB_LAYERS.flatMap((names, rank) => names.map((name) => [name, rank])));

/** `lib/<folder>` (or `lib/<file>` without its extension) of a repository path, else null. */
function libArea(relative) {
  const parts = relative.split("/");
  if (parts[0] !== "lib" || parts.length < 2) return null;
  return parts.length === 2 ? parts[1].replace(/\.(ts|tsx|mjs|js)$/, "") : parts[1];
}

function resolveSpecifier(specifier, filename, root) {
  if (specifier.startsWith("@/")) return specifier.slice(2);
  if (specifier.startsWith(".")) return path.relative(root, path.resolve(path.dirname(filename), specifier));
  return null;
}

export const layersPlugin = {
  rules: {
    "one-way": {
      meta: {
        type: "problem",
        docs: {
          description: "lib/ domains import only lower layers; top-level folders only those below them",
        },
        schema: [],
      },
      create(context) {
        const root = context.cwd;
        const from = path.relative(root, context.filename).split(path.sep).join("/");
        const fromTop = from.split("/")[0];
        const fromArea = libArea(from);
        function check(node, specifier) {
          if (typeof specifier !== "string") return;
          const target = resolveSpecifier(specifier, context.filename, root);
          if (target === null || target.startsWith("..")) return;
          const targetTop = target.split("/")[0];
          const allowed = TOP_LEVEL[fromTop];
          if (allowed && TOP_LEVEL[targetTop] && !allowed.includes(targetTop)) {
            context.report({ node, message: `${fromTop}/ must not import ${targetTop}/ ('${specifier}')` });
            return;
          }
          const toArea = libArea(target);
          if (!fromArea || !toArea || fromArea === toArea) return;
          const fromRank = RANK.get(fromArea);
          const toRank = RANK.get(toArea);
          if (fromRank === undefined) {
            context.report({
              node,
              message: `lib/${fromArea} has no layer: add it to LIB_LAYERS in eslint/layers.mjs`,
            });
          } else if (toRank === undefined) {
            context.report({
              node,
              message: `lib/${toArea} has no layer: add it to LIB_LAYERS in eslint/layers.mjs`,
            });
          } else if (toRank >= fromRank) {
            context.report({
              node,
              message: `lib/${fromArea} (layer ${fromRank}) must not import lib/${toArea} (layer ${toRank}): domains import only lower layers`,
            });
          }
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
        };
      },
    },
  },
};
