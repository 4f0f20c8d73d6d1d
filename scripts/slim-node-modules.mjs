// Run in the image's build stage after `npm prune --omit=dev`: removes from node_modules what the server never
// loads, so the final image stays small (README, Deployment): type declarations, source maps, documents
// and tests of the packages, better-sqlite3's build leftovers (its sources and objects: the compiled module is
// all it loads), the DejaVu faces the PDFs do not use (they embed DejaVu Sans and its bold), TypeScript (which
// Remix names as an optional peer, so the prune keeps it, and never loads), and sharp's WebAssembly build when
// its native build for this machine is there.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? "node_modules");
const FILE = /(\.d\.[cm]?ts|\.map|\.md|\.markdown|\.[cm]?ts)$|^(CHANGELOG|HISTORY|AUTHORS)(\..*)?$/i;
const FOLDER = /^(__tests__|tests?|docs|examples?|dist-types|\.github)$/;
const FONTS_KEPT = new Set(["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]);
let bytes = 0;

function remove(target) {
  if (!fs.existsSync(target)) return;
  const stat = fs.lstatSync(target);
  bytes += stat.isDirectory() ? sizeOf(target) : stat.size;
  fs.rmSync(target, { recursive: true, force: true });
}

function sizeOf(folder) {
  let total = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const target = path.join(folder, entry.name);
    total += entry.isDirectory() ? sizeOf(target) : fs.lstatSync(target).size;
  }
  return total;
}

function walk(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const target = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (FOLDER.test(entry.name)) remove(target);
      else walk(target);
    } else if (entry.isFile() && FILE.test(entry.name)) remove(target);
  }
}

walk(root);

const sqlite = path.join(root, "better-sqlite3");
for (const name of ["deps", "src", "binding.gyp"]) remove(path.join(sqlite, name));
const release = path.join(sqlite, "build", "Release");
for (const name of fs.readdirSync(path.join(sqlite, "build"))) {
  if (name !== "Release") remove(path.join(sqlite, "build", name));
}
for (const name of fs.readdirSync(release)) {
  if (name !== "better_sqlite3.node") remove(path.join(release, name));
}

const fonts = path.join(root, "dejavu-fonts-ttf", "ttf");
for (const name of fs.readdirSync(fonts)) if (!FONTS_KEPT.has(name)) remove(path.join(fonts, name));

remove(path.join(root, "typescript"));
const sharpNative = path.join(root, "@img", `sharp-${process.platform}-${process.arch}`);
if (fs.existsSync(sharpNative)) remove(path.join(root, "@img", "sharp-wasm32"));

// The commands of what was removed would point nowhere.
const commands = path.join(root, ".bin");
for (const name of fs.existsSync(commands) ? fs.readdirSync(commands) : []) {
  const link = path.join(commands, name);
  if (!fs.existsSync(link)) fs.rmSync(link);
}

console.log(`node_modules slimmed by ${(bytes / 1048576).toFixed(1)} MB`);
