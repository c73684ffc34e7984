import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    faultsRunStartedAt: number;
  }
}

/** When this run of the fault suite started: a build made since then is this run's (tests/faults/production-build.ts). */
export default function setup(project: TestProject) {
  project.provide("faultsRunStartedAt", Date.now());
}
