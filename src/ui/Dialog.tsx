import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode, type SyntheticEvent } from "react";
import { clsx } from "clsx";
import { serverErrorText } from "../lib/serverError";
import { Alert } from "./Alert";
import { Button } from "./Button";

interface DialogProps {
  open: boolean;
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  /** The heading; it names the dialog (aria-labelledby). */
  title: string;
  /** Optional text under the heading; it describes the dialog (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Width: 'md' for questions and short forms, 'lg' for longer forms. */
  size?: keyof typeof widths;
}

const widths = { md: "max-w-lg", lg: "max-w-2xl" } as const;

/**
 * The behaviour every modal here shares, on the native <dialog>: open/close follow `open`,
 * Escape and a click on the backdrop call `onClose` (React state decides, so the two never
 * disagree), the element marked `data-autofocus` takes focus first, and closing (or unmounting)
 * returns focus to the control that had it when the dialog opened.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (!dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    return () => {
      if (dialog.open) dialog.close();
      // The browser returns focus only from a dialog still in the page: one removed with its screen
      // (the calendar's event dialog leaves the address) would drop it to the top of the page.
      const lost = document.activeElement === null || document.activeElement === document.body || dialog.contains(document.activeElement);
      if (lost && opener?.isConnected) opener.focus();
    };
  }, [open]);
  const dialogProps = {
    ref,
    "aria-labelledby": titleId,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      // React passes the event on to an enclosing dialog's handler: Escape closes the top dialog only.
      event.stopPropagation();
      onClose();
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      // A click on the backdrop lands on the dialog element itself.
      if (event.target === event.currentTarget) onClose();
    },
  };
  return { titleId, dialogProps };
}

/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert
 * (focus stays inside), Escape closes it, and focus returns to the control that opened it. Content
 * is mounted only while open, so forms inside start fresh each time. Mark the element that should
 * take focus first with `data-autofocus`.
 */
export function Dialog({ open, onClose, title, description, children, size = "md" }: DialogProps) {
  const { titleId, dialogProps } = useModalDialog(open, onClose);
  const descriptionId = useId();

  return (
    <dialog
      {...dialogProps}
      aria-describedby={description ? descriptionId : undefined}
      className={clsx(
        "m-auto w-[calc(100%-2rem)] rounded-card border border-border bg-surface p-0 text-foreground shadow-xl backdrop:bg-black/50",
        widths[size],
      )}
    >
      {open && (
        <div className="flex max-h-[85dvh] flex-col gap-4 overflow-y-auto p-5 sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="text-xl font-bold">
              {title}
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={onClose}
              className="-m-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          {description && (
            <div id={descriptionId} className="text-muted-foreground">
              {description}
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** The confirming button's text, e.g. 'Remove guest'. */
  confirmLabel: string;
  /**
   * Runs the action; the dialog stays open (busy) until it settles, and closes on success. A
   * failure (the promise rejects) is shown inside the dialog, under `errorTitle`, with the server's
   * words when it gave some: a toast would sit behind the modal, unseen and unread.
   */
  onConfirm: () => Promise<unknown>;
  errorTitle?: string;
  destructive?: boolean;
}

const CONFIRM_FAILED = { title: "That did not work", description: "Please try again." } as const;

/** A yes/no question before a destructive action; Cancel has focus first, so Enter never destroys by accident. */
export function ConfirmDialog({ open, onClose, title, description, confirmLabel, onConfirm, errorTitle = CONFIRM_FAILED.title, destructive = true }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFailure(null);
    onClose();
  }

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      close();
    } catch (error) {
      // Stays open to try again or cancel, saying why.
      setFailure(serverErrorText(error) ?? CONFIRM_FAILED.description);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={busy ? () => undefined : close} title={title} description={description}>
      {failure && <Alert title={errorTitle}>{failure}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={busy} data-autofocus>
          Cancel
        </Button>
        <Button variant={destructive ? "danger" : "primary"} onClick={() => void confirm()} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
