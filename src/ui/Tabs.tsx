import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { clsx } from "clsx";

export interface TabItem<Key extends string> {
  key: Key;
  label: string;
  panel: ReactNode;
}

interface TabsProps<Key extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly TabItem<Key>[];
  value: Key;
  onValueChange: (key: Key) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop for the list, Left/Right (wrapping),
 * Home and End move between tabs and show their panel. Hidden panels stay mounted, so what was
 * typed in one survives a look at the other.
 */
export function Tabs<Key extends string>({ label, tabs, value, onValueChange, className }: TabsProps<Key>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Key, HTMLButtonElement>());
  const tabId = (key: Key) => `${baseId}-tab-${key}`;
  const panelId = (key: Key) => `${baseId}-panel-${key}`;
  const selected = tabs.find((tab) => tab.key === value) ?? tabs[0];

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === value);
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    const target = next === undefined ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    onValueChange(target.key);
    tabRefs.current.get(target.key)?.focus();
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} onKeyDown={handleKeyDown} className="grid grid-flow-col gap-1 rounded-full bg-muted p-1">
        {tabs.map((tab) => {
          const isSelected = tab.key === selected?.key;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.key, element);
                else tabRefs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.key)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onValueChange(tab.key)}
              className={clsx(
                "min-h-11 rounded-full px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                isSelected ? "bg-surface text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={panelId(tab.key)}
          aria-labelledby={tabId(tab.key)}
          hidden={tab.key !== selected?.key}
          tabIndex={0}
          className="mt-5 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
