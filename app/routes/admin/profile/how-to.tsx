import type { MetaFunction } from "@remix-run/node";
import { InfoPage } from "~/components/InfoPage";

export const meta: MetaFunction = () => [{ title: "How To" }];

export default function HowTo() {
  return (
    <InfoPage title="How To">
      <h2 className="font-semibold">Log in</h2>
      <p>Use your school's Unique ID and password on the login page. Keep the password somewhere safe.</p>
      <h2 className="font-semibold">Update your school's details</h2>
      <p>
        On Profile, change the school name, principal name or email and tap Save Changes. Upload a logo or signature as
        an image under 2 MB.
      </p>
      <h2 className="font-semibold">Change the phone number</h2>
      <p>Tap Phone Number on Profile. Numbers like 0803 123 4567 are saved in the international form +2348031234567.</p>
      <h2 className="font-semibold">Use a slow connection</h2>
      <p>Every page works with JavaScript turned off, so it still works on a basic browser or a weak network.</p>
    </InfoPage>
  );
}
