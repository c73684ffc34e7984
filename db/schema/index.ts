export * from "./auth";
export * from "./contacts";
export * from "./reminders";
export * from "./deliveries";
export * from "./billing";
export * from "./objects";
export * from "./system";
export * from "./templates";
