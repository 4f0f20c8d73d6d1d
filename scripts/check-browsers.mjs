// The built CSS against the oldest browsers we serve (package.json's browserslist): doiuse lists every feature
// those browsers lack or support in part, and each must be in browser-features.json with what they do instead.
// A feature the CSS no longer uses must leave the list too, so the list stays true. The JavaScript's side is the
// bundler's: vite.config.ts builds for the same browsers and fails on syntax it cannot lower for them.
// Usage: node scripts/check-browsers.mjs [build directory, default build]
import fs from "node:fs";
import path from "node:path";
import doiuse from "doiuse";
import postcss from "postcss";

const buildDir = process.argv[2] ?? "build";
const { browserslist: browsers } = JSON.parse(fs.readFileSync("package.json", "utf8"));
const { accepted } = JSON.parse(fs.readFileSync("browser-features.json", "utf8"));
const assets = path.join(buildDir, "client", "assets");
const sheets = fs.readdirSync(assets).filter((name) => name.endsWith(".css"));
if (!sheets.length) throw new Error(`no CSS in ${assets}: run npm run build first`);

/** Each feature used, with the first places it is used at. */
const used = new Map();
for (const name of sheets) {
  const css = fs.readFileSync(path.join(assets, name), "utf8");
  await postcss([
    doiuse({
      browsers,
      onFeatureUsage({ feature, usage }) {
        const where =
          usage.type === "decl" ? `${usage.parent.selector} { ${usage.prop}: ${usage.value} }` : usage.toString();
        const places = used.get(feature) ?? [];
        if (places.length < 3) places.push(`${name}: ${where.slice(0, 120)}`);
        used.set(feature, places);
      },
    }),
  ]).process(css, { from: name });
}

const unlisted = [...used].filter(([feature]) => !(feature in accepted));
const stale = Object.keys(accepted).filter((feature) => !used.has(feature));
for (const [feature, places] of unlisted)
  console.log(`not in browser-features.json: ${feature}, used at\n  ${places.join("\n  ")}`);
for (const feature of stale) console.log(`browser-features.json lists ${feature}, which the CSS no longer uses`);
console.log(
  `${used.size} features of ${sheets.length} stylesheet(s) beyond ${browsers.join(", ")}: ${unlisted.length} unlisted, ${stale.length} listed but unused`,
);
if (unlisted.length || stale.length) process.exit(1);
