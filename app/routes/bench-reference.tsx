import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { StudentPage } from "../../contract/students";
import { AdminShell } from "~/components/AdminShell";
import { adminNav } from "~/lib/access";
import { StudentsView } from "~/routes/admin/students/StudentsView";
import { notFound } from "~/.server/not-found.server";

export const meta: MetaFunction = () => [{ title: "Students" }];

/**
 * The bench's floor: the students screen rendered from a page held in memory, with no API call, no
 * database and no session. It answers 404 unless the server was started with BENCH_REFERENCE=1.
 */
const PAGE: StudentPage = {
  data: Array.from({ length: 20 }, (_, n) => ({
    unique_id: `STU-reference${n}`,
    id: n + 1,
    student_data: {
      name: `Adebayo Okafor ${n}`,
      class: "JSS2",
      gender: n % 2 ? "Female" : "Male",
      phone_number: `+23480310000${String(n).padStart(2, "0")}`,
      email: null,
      address: "12 Allen Avenue, Ikeja, Lagos",
      admission: `ADM/2026/${String(n).padStart(5, "0")}`,
      takes_lesson: false,
      subjects: null,
      subject_combo: null,
      profile_img: null,
    },
  })),
  current_page: 1,
  per_page: 20,
  total: 5000,
  last_page: 250,
};

export function loader() {
  if (process.env.BENCH_REFERENCE !== "1") notFound();
  return {
    nav: adminNav(null),
    filters: { q: "", class: "" },
    classes: ["JSS1", "JSS2", "JSS3", "SS1", "SS2", "SS3"],
    list: PAGE,
    error: null,
  };
}

export default function BenchReference() {
  const { nav, ...view } = useLoaderData<typeof loader>();
  return (
    <AdminShell nav={nav}>
      <StudentsView {...view} />
    </AdminShell>
  );
}
