import type { ReactNode } from "react";

/** Types of the tabs and of their lazily loaded content, kept apart from both so neither imports the other. */
export interface Tab {
  value: string;
  label: string;
  panel: ReactNode;
}

export interface TabsContentProps {
  label: string;
  tabs: readonly Tab[];
  current: string;
  onSelect: (value: string) => void;
  /** Focus was on the links these tabs replace: it goes to the chosen tab. */
  focus: boolean;
}
