import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { layersPlugin } from "./eslint/layers.mjs";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "dist/**",
      "node_modules/**",
      ".data/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "db/migrations/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Domains depend one way (eslint/layers.mjs).
    files: ["app/**", "components/**", "lib/**", "jobs/**", "db/**", "config/**", "i18n/**"],
    plugins: { layers: layersPlugin },
    rules: { "layers/one-way": "error" },
  },
  {
    // Playwright fixtures receive a `use` callback that is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
