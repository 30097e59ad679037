#!/usr/bin/env node
// The HTML checker (vnu.jar from the vnu-jar package) runs on Java: Debian's
// default-jre-headless, installed when `java` is missing (no tool downloads its own runtime).
import { execSync, spawnSync } from 'node:child_process';

export const JAVA_PATH = process.env.JAVA_PATH || 'java';

function javaRuns() {
  return spawnSync(JAVA_PATH, ['-version'], { stdio: 'ignore' }).status === 0;
}

export function ensureJava() {
  if (javaRuns()) return JAVA_PATH;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? '' : 'sudo ';
  console.log("Java not found: installing Debian's default-jre-headless package...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -qq default-jre-headless`, { stdio: 'inherit', env });
  if (!javaRuns()) throw new Error(`java still does not run (${JAVA_PATH})`);
  return JAVA_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Java: ${ensureJava()}`);
  } catch (error) {
    console.error(String(error));
    process.exit(1);
  }
}
