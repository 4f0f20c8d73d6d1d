// Makes sure the browser end-to-end tests drive is present: Debian's Chromium headless shell at
// /usr/bin/chromium-headless-shell (the same engine as the browser without its windowing and GPU
// processes: a third less CPU for the same tests), or the executable named by CHROMIUM_PATH. Browsers
// are never downloaded; as root on Debian the `chromium-headless-shell` package is installed with
// apt-get, otherwise the script says what to install and fails.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const DEFAULT_PATH = "/usr/bin/chromium-headless-shell";
const PACKAGE = "chromium-headless-shell";
const wanted = process.env.CHROMIUM_PATH || DEFAULT_PATH;

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args[0]} exited with ${result.status}`);
}

function fail(reason) {
  console.error(`${reason}
End-to-end tests need Chromium from the operating system (no browser is downloaded). Install it with:
  sudo apt-get update && sudo apt-get install -y chromium-headless-shell   (Debian: ${DEFAULT_PATH})
or point CHROMIUM_PATH at an installed Chromium or Chrome executable (/usr/bin/chromium works, more slowly).`);
  process.exit(1);
}

if (isExecutable(wanted)) process.exit(0);

if (process.env.CHROMIUM_PATH) fail(`CHROMIUM_PATH=${wanted} is not an executable file.`);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = isExecutable("/usr/bin/apt-get");
if (!isRoot || !hasApt) fail(`Chromium was not found at ${DEFAULT_PATH}.`);

console.log(`Chromium was not found at ${DEFAULT_PATH}; installing Debian's ${PACKAGE} package.`);
try {
  run("apt-get", ["update"]);
  run("apt-get", ["install", "-y", PACKAGE]);
} catch (error) {
  fail(`Installing ${PACKAGE} failed: ${error.message}.`);
}
if (!isExecutable(DEFAULT_PATH)) fail(`The ${PACKAGE} package installed, but ${DEFAULT_PATH} is still missing.`);
console.log(`Chromium installed at ${DEFAULT_PATH}.`);
