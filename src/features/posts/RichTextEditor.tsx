import { useCallback, useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from "react";
import { clsx } from "clsx";
import { REGISTRY_MESSAGES } from "../../domain/registry";
import { normalizePostLink } from "../../domain/posts";
import { Button } from "../../ui/Button";
import { LinkIcon, ListIcon, NumberedListIcon } from "../../ui/icons";
import { TextField, inputStyles } from "../../ui/TextField";
import { appendPostNodes, parsePostHtml } from "./postHtml";

/**
 * Formatting goes through the browser's own editing commands (execCommand): they write b, i, ul,
 * ol, li, a and p, keep undo working, and need no editor library. Whatever else ends up in the
 * HTML is removed by the server's sanitiser.
 */
const FORMATS = [
  { key: "bold", label: "Bold", command: "bold", glyph: <b>B</b>, shortcut: "b" },
  { key: "italic", label: "Italic", command: "italic", glyph: <i className="font-serif">I</i>, shortcut: "i" },
  // The lists are drawn: a typed '1' beside 'Numbered list' would be visible text missing from its name (WCAG 2.5.3).
  { key: "bullets", label: "Bulleted list", command: "insertUnorderedList", glyph: <ListIcon />, shortcut: null },
  { key: "numbers", label: "Numbered list", command: "insertOrderedList", glyph: <NumberedListIcon />, shortcut: null },
] as const;
type FormatKey = (typeof FORMATS)[number]["key"];

/** The format Ctrl+B or Ctrl+I (Cmd on a Mac) asks for in the editor, if that is what was pressed. */
function formatForKeys(event: KeyboardEvent): (typeof FORMATS)[number] | undefined {
  if (event.altKey || event.shiftKey || !(event.ctrlKey || event.metaKey)) return undefined;
  return FORMATS.find((format) => format.shortcut === event.key.toLowerCase());
}

const exec = (command: string, value?: string) => document.execCommand(command, false, value);

interface RichTextEditorProps {
  label: string;
  /** Post HTML to start from (editing); rebuilt from the allowed tags before it is shown. */
  initialHtml?: string;
  onChange: (html: string) => void;
  hint?: string;
}

/** A small rich-text field for posts: a formatting toolbar (bold, italic, lists, link) over an editable area. */
export function RichTextEditor({ label, initialHtml, onChange, hint }: RichTextEditorProps) {
  const labelId = useId();
  const hintId = useId();
  const editor = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<ReadonlySet<FormatKey>>(new Set());
  const [linking, setLinking] = useState(false);

  useEffect(() => {
    const element = editor.current;
    if (!element || !initialHtml) return;
    // Replaced, not added to: effects may run twice in development.
    element.replaceChildren();
    appendPostNodes(element, parsePostHtml(initialHtml));
  }, [initialHtml]);

  const report = () => {
    if (editor.current) onChange(editor.current.innerHTML);
  };

  /** The formats in force where the caret is (including one just switched on for the next letters) show as pressed. */
  const refreshActive = useCallback(() => {
    const selection = document.getSelection();
    if (!selection?.anchorNode || !editor.current?.contains(selection.anchorNode)) return;
    setActive(new Set(FORMATS.filter((format) => document.queryCommandState(format.command)).map((format) => format.key)));
  }, []);
  useEffect(() => {
    document.addEventListener("selectionchange", refreshActive);
    return () => document.removeEventListener("selectionchange", refreshActive);
  }, [refreshActive]);

  const selectionInEditor = () => {
    const selection = document.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    return range && editor.current?.contains(range.commonAncestorContainer) ? range : null;
  };

  function restoreSelection() {
    const element = editor.current;
    if (!element) return;
    element.focus();
    const selection = document.getSelection();
    const range = savedRange.current;
    if (!selection || !range) return;
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function applyFormat(command: string) {
    if (!selectionInEditor()) editor.current?.focus();
    exec(command);
    refreshActive();
    report();
  }

  function openLinkForm() {
    savedRange.current = selectionInEditor()?.cloneRange() ?? null;
    setLinking(true);
  }

  function insertLink(url: string) {
    restoreSelection();
    const range = selectionInEditor();
    if (range && !range.collapsed) {
      exec("createLink", url);
    } else {
      // No text chosen: the address itself becomes the link's text.
      const link = document.createElement("a");
      link.href = url;
      link.textContent = url;
      const at = range ?? document.createRange();
      if (!range && editor.current) {
        at.selectNodeContents(editor.current);
        at.collapse(false);
      }
      at.insertNode(link);
      at.setStartAfter(link);
      at.collapse(true);
      document.getSelection()?.removeAllRanges();
      document.getSelection()?.addRange(at);
    }
    setLinking(false);
    report();
  }

  /** Ctrl+B and Ctrl+I format here, as in every editor, and go no further (the shell's Ctrl+B toggles the sidebar). */
  function formatFromKeys(event: KeyboardEvent<HTMLDivElement>) {
    const format = formatForKeys(event);
    if (!format) return;
    event.preventDefault();
    applyFormat(format.command);
  }

  /** Pasted text arrives as plain text: formatting from other pages would only be stripped later. */
  function pastePlainText(event: ClipboardEvent<HTMLDivElement>) {
    event.preventDefault();
    exec("insertText", event.clipboardData.getData("text/plain"));
  }

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-semibold">
        {label}
      </span>
      <div className="overflow-hidden rounded-xl border border-input bg-surface focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring">
        <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-border bg-muted/50 p-1">
          {FORMATS.map((format) => (
            <ToolbarButton key={format.key} label={format.label} keyShortcuts={format.shortcut ? `Control+${format.shortcut.toUpperCase()} Meta+${format.shortcut.toUpperCase()}` : undefined} pressed={active.has(format.key)} onPress={() => applyFormat(format.command)}>
              {format.glyph}
            </ToolbarButton>
          ))}
          <ToolbarButton label="Link" pressed={linking} onPress={openLinkForm}>
            <LinkIcon />
          </ToolbarButton>
        </div>
        <div
          ref={editor}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={hint ? hintId : undefined}
          contentEditable
          suppressContentEditableWarning
          onFocus={() => exec("defaultParagraphSeparator", "p")}
          onInput={report}
          onKeyDown={formatFromKeys}
          onPaste={pastePlainText}
          className={clsx(
            inputStyles,
            "min-h-28 rounded-none border-0 focus-visible:outline-none [&_a]:text-link [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_ul]:list-disc [&_ul]:pl-5",
          )}
        />
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {linking && <LinkForm onAdd={insertLink} onCancel={() => setLinking(false)} />}
    </div>
  );
}

interface ToolbarButtonProps {
  label: string;
  keyShortcuts?: string | undefined;
  pressed: boolean;
  onPress: () => void;
  children: ReactNode;
}

function ToolbarButton({ label, keyShortcuts, pressed, onPress, children }: ToolbarButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-keyshortcuts={keyShortcuts}
      aria-pressed={pressed}
      title={label}
      // Keeps the text selection in the editor: a click would otherwise move focus to the button first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
      className={clsx(
        "inline-flex size-10 items-center justify-center rounded-lg text-base focus-visible:outline-2 focus-visible:outline-ring",
        pressed ? "bg-primary-soft text-primary" : "hover:bg-muted",
      )}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/** The address for a link: made https and checked like every post link before it goes in. */
function LinkForm({ onAdd, onCancel }: { onAdd: (url: string) => void; onCancel: () => void }) {
  const [address, setAddress] = useState("");
  const [error, setError] = useState<string | undefined>();

  function add() {
    const url = normalizePostLink(address);
    if (!url.ok) {
      setError(REGISTRY_MESSAGES.invalidUrl);
      return;
    }
    onAdd(url.value);
  }

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-border bg-muted/50 p-3 sm:flex-row sm:items-end">
      <TextField
        label="Link address"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={address}
        error={error}
        autoFocus
        onChange={(event) => setAddress(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            add();
          } else if (event.key === "Escape") onCancel();
        }}
        className="flex-1"
      />
      <div className="flex gap-2">
        <Button size="sm" onClick={add}>
          Add link
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
