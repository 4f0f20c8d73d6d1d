import * as RadixTabs from "@radix-ui/react-tabs";
import { useEffect, useRef } from "react";
import { TAB_CLASS, TAB_LIST_CLASS } from "./TabLinks";
import type { TabsContentProps } from "./TabsProps";

/** The tabs' JS path, loaded on first use: Radix Tabs over the same panels as the links. */
export function TabsContent({ label, tabs, current, onSelect, focus }: TabsContentProps) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) list.current?.querySelector<HTMLElement>('[data-state="active"]')?.focus();
  }, [focus]);
  return (
    <RadixTabs.Root value={current} onValueChange={onSelect} className="space-y-5">
      <RadixTabs.List ref={list} aria-label={label} className={TAB_LIST_CLASS}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            className={`${TAB_CLASS} text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm`}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="space-y-5">
          {tab.panel}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
