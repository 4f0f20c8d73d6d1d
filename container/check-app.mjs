// The container test's client: talks to a running app over HTTP as any school would.
//   node container/check-app.mjs write URL STATE_FILE        registers a school, signs in, adds a student
//   node container/check-app.mjs read URL STATE_FILE         signs in again and finds that student
// The school's Unique ID, password and the student's name pass between the two through STATE_FILE.
import fs from "node:fs";

const [mode, base, stateFile] = process.argv.slice(2);
// A 1×1 PNG: the registration form requires a logo, and the server decodes its header.
const LOGO = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc000000301010018dd8db40000000049454e44ae426082",
  "hex",
);

async function call(path, init = {}) {
  const response = await fetch(new URL(path, base), init);
  const body = await response.json().catch(() => ({}));
  return { status: response.status, body };
}

function expect(condition, message) {
  if (!condition) {
    console.error(`container check failed: ${message}`);
    process.exit(1);
  }
}

async function signIn({ uniqueId, password }) {
  const { status, body } = await call("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ unique_id: uniqueId, password }),
  });
  expect(status === 200, `sign-in answered ${status}`);
  return { Authorization: `Bearer ${body.data.token}` };
}

async function expectListed(state, auth) {
  const listed = await call(`/api/admin/${state.uniqueId}/students`, { headers: auth });
  expect(listed.status === 200, `the students list answered ${listed.status}`);
  const names = (listed.body.data?.data ?? []).map((student) => student.student_data?.name);
  expect(names.includes(state.studentName), `${state.studentName} is not listed: ${JSON.stringify(listed.body)}`);
}

if (mode === "write") {
  const stamp = Date.now().toString(36);
  const form = new FormData();
  form.set("school_name", `Container Check School ${stamp}`);
  form.set("principal_name", "Mrs. Adaeze Okafor");
  form.set("school_email", `container-${stamp}@example.ng`);
  form.set("phone_number", "0803 123 4567");
  form.set("logo", new File([LOGO], "logo.png", { type: "image/png" }));
  const registered = await call("/api/admin/register", { method: "POST", body: form });
  expect(registered.status === 201, `registration answered ${registered.status}`);
  const school = { uniqueId: registered.body.data.unique_id, password: registered.body.data.password };
  const auth = await signIn(school);
  const studentName = `Chidi Okeke ${stamp}`;
  const added = await call(`/api/admin/${school.uniqueId}/students`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({
      student_data: { name: studentName, selectedClass: "JSS1", gender: "Male", phone_number: "08031234567" },
    }),
  });
  expect(added.status === 201, `adding a student answered ${added.status} ${JSON.stringify(added.body)}`);
  const state = { ...school, studentName };
  await expectListed(state, auth);
  fs.writeFileSync(stateFile, JSON.stringify(state));
  console.log(`registered ${school.uniqueId} and added ${studentName}`);
} else if (mode === "read") {
  const state = JSON.parse(fs.readFileSync(stateFile, "utf8"));
  const auth = await signIn(state);
  await expectListed(state, auth);
  console.log(`found ${state.studentName} at ${base}`);
} else {
  expect(false, `unknown mode ${mode}`);
}
