import type { MetaFunction } from "@remix-run/node";
import { InfoPage } from "~/components/InfoPage";

export const meta: MetaFunction = () => [{ title: "About Us" }];

export default function AboutUs() {
  return (
    <InfoPage title="About Us">
      <p>
        School Admin helps Nigerian schools keep their students, parents and staff, timetables, admissions, fees and
        files in one place, from any phone.
      </p>
      <p>Your school's data belongs to your school: each school sees only its own records.</p>
    </InfoPage>
  );
}
