// Nothing is dropped silently: every end-to-end test of the suite as it stood before the form tests came
// (tests/e2e/previous-titles.txt, one "[project] file › describe › title" a line) is either still a test
// of that project or has its row in docs/testing.md naming the test that now covers it, and that test
// exists. Run by `npm test`; it lists the Playwright tests without starting a browser or a server.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const previous = fs.readFileSync("tests/e2e/previous-titles.txt", "utf8").split("\n").filter(Boolean);

const listed = JSON.parse(
  execFileSync("npx", ["playwright", "test", "--list", "--reporter=json"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  }),
);
const current = new Set();
const walk = (suite, trail) => {
  for (const child of suite.suites ?? []) walk(child, child.title ? [...trail, child.title] : trail);
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests) current.add(`[${test.projectName}] ${[...trail, spec.title].join(" › ")}`);
};
for (const suite of listed.suites) walk(suite, [suite.title]);

// Rows of docs/testing.md's table: | `previous title` | `file › describe › title` |
const rows = new Map();
for (const line of fs.readFileSync("docs/testing.md", "utf8").split("\n")) {
  const cells = [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
  if (line.startsWith("|") && cells.length >= 2 && cells[0].startsWith("[")) rows.set(cells[0], cells[1]);
}

const problems = [];
for (const title of previous) {
  if (current.has(title)) continue;
  const coveredBy = rows.get(title);
  if (!coveredBy) {
    problems.push(`no longer a test and no row in docs/testing.md: ${title}`);
    continue;
  }
  const [file, ...path] = coveredBy.split(" › ");
  const own = path.at(-1);
  if (!fs.existsSync(file)) problems.push(`${title}: covered by ${coveredBy}, but ${file} does not exist`);
  else if (!own || !fs.readFileSync(file, "utf8").includes(own))
    problems.push(`${title}: covered by ${coveredBy}, but ${file} has no test titled "${own}"`);
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(
  `test titles: ${previous.length} earlier end-to-end tests, ${previous.filter((t) => current.has(t)).length} still tests, ${previous.length - previous.filter((t) => current.has(t)).length} covered by the rows of docs/testing.md`,
);
