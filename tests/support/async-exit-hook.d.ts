// async-exit-hook ships no types; the part of its API the test setup uses.
declare module "async-exit-hook" {
  interface ExitHook {
    (hook: () => void): void;
    unhookEvent(event: string): void;
    hookedEvents(): string[];
  }
  const exitHook: ExitHook;
  export default exitHook;
}
