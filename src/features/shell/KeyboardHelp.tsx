import { useEffect, useState } from "react";
import { isTypingTarget } from "../../lib/keyboard";
import { Dialog } from "../../ui/Dialog";

/** The key that opens the list of shortcuts, as aria-keyshortcuts and the list name it. */
export const KEYBOARD_HELP_SHORTCUT = "?";

const SHORTCUTS: ReadonlyArray<{ keys: string; does: string }> = [
  { keys: "Ctrl+B (⌘B on a Mac)", does: "Show or hide the sidebar; on a phone, open the menu. In a text field it is the field's." },
  { keys: "Ctrl+B, Ctrl+I in a post", does: "Bold, italic" },
  { keys: "Esc", does: "Close a dialog or the menu" },
  { keys: KEYBOARD_HELP_SHORTCUT, does: "Show these shortcuts (outside a text field)" },
];

/** '?' outside a text field opens the list of the app's keyboard shortcuts; Escape or Close shuts it. */
export function KeyboardHelp() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== KEYBOARD_HELP_SHORTCUT || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      // Over another dialog the list would stack a second modal: it waits until that one is closed.
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Keyboard shortcuts">
      <dl className="grid gap-x-4 gap-y-3 sm:grid-cols-[auto_1fr]">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys} className="contents">
            <dt>
              <kbd className="rounded-md border border-border bg-muted px-1.5 py-0.5 font-mono text-sm">{shortcut.keys}</kbd>
            </dt>
            <dd className="text-muted-foreground">{shortcut.does}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
