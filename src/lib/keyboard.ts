/**
 * Where typing goes to the page's own text (inputs, text areas, selects, rich-text editors): a
 * keyboard shortcut of the app leaves those keys to the field.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}
