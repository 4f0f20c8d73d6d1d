import { useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useRef, useState, type ComponentType } from "react";
import { isTabSwitch, tabHref, tabOf, tabSwitchState } from "~/lib/tabs";
import { TabLinks } from "./TabLinks";
import type { Tab, TabsContentProps } from "./TabsProps";

type Content = ComponentType<TabsContentProps>;

/** Radix Tabs are their own chunk, fetched when the tabs are first pointed at or focused. */
let loading: Promise<Content> | undefined;
const loadContent = () => {
  loading ??= import("./TabsContent").then(
    (m) => m.TabsContent,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

/**
 * Panels of one screen, all given by its loader, chosen by `?{param}=` (none for the first tab). The
 * route exports `shouldRevalidate = keepDataOnTabSwitch()`, so a switch reloads none of its data.
 * Without JavaScript: links, and the server draws the chosen panel. With it, the links switch panels
 * at once, replacing `?{param}=` in the address; once the tabs are pointed at or focused they become
 * Radix Tabs (tab roles, arrow keys), focus kept on the chosen tab.
 */
export function Tabs({ label, tabs, param = "tab" }: { label: string; tabs: readonly Tab[]; param?: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const strip = useRef<HTMLDivElement>(null);
  const [Content, setContent] = useState<{ component: Content; focus: boolean } | null>(null);
  const values = tabs.map((tab) => tab.value);
  const href = (value: string) => tabHref(location, param, value, values[0]);
  // While the address is being replaced, the chosen tab already shows.
  const switching = navigation.location && isTabSwitch(navigation.location) ? navigation.location : null;
  const current = tabOf((switching ?? location).search, param, values);

  if (Content)
    return (
      <Content.component
        label={label}
        tabs={tabs}
        current={current}
        focus={Content.focus}
        onSelect={(value) => navigate(href(value), { replace: true, preventScrollReset: true, state: tabSwitchState })}
      />
    );

  const enhance = () =>
    void loadContent().then(
      (component) => setContent({ component, focus: Boolean(strip.current?.contains(document.activeElement)) }),
      () => undefined,
    );
  return (
    <div className="space-y-5">
      <div ref={strip}>
        <TabLinks
          label={label}
          current={current}
          switchState={tabSwitchState}
          onPointerEnter={enhance}
          onFocus={enhance}
          links={tabs.map((tab) => ({ value: tab.value, label: tab.label, to: href(tab.value) }))}
        />
      </div>
      {tabs.find((tab) => tab.value === current)?.panel}
    </div>
  );
}
