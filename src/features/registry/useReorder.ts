/**
 * Reordering a list by dragging a handle (pointer events, so mouse, pen and touch alike) and by
 * Move up / Move down buttons for the keyboard. Each move is announced in a live region, and a
 * button move keeps focus on the moved item's button even though the item changes place.
 */
import { useLayoutEffect, useRef, useState, type PointerEvent } from "react";
import { moveItem } from "../../domain/registry";

type Direction = "up" | "down";

interface Reorderable {
  id: string;
  name: string;
}

/** The message a move leaves in the live region. */
const movedText = (name: string, position: number, total: number) => `${name} moved to position ${position} of ${total}.`;

export function useReorder<T extends Reorderable>(items: readonly T[], commit: (ids: string[]) => void) {
  const itemsKey = items.map((item) => item.id).join();
  /**
   * The order on screen while a handle is dragged, and after the drop until the list itself
   * changes (the saved order arrives a moment later; without this the old order would flash).
   */
  const [drag, setDrag] = useState<{ id: string; order: string[]; base: string; dropped: boolean } | null>(null);
  // Any change of the list ends a held drop, a refused one's rollback included.
  if (drag?.dropped && drag.base !== itemsKey) setDrag(null);
  const [announcement, setAnnouncement] = useState("");
  const rows = useRef(new Map<string, HTMLElement>());
  const refocus = useRef<{ id: string; direction: Direction } | null>(null);

  const byId = new Map(items.map((item) => [item.id, item]));
  const shown = drag && drag.base === itemsKey ? drag.order.flatMap((id) => byId.get(id) ?? []) : items;

  /** Saves a new order and says where the item went; returns whether anything moved. */
  function finish(order: string[], movedId: string): boolean {
    if (order.join() === itemsKey) return false;
    commit(order);
    setAnnouncement(movedText(byId.get(movedId)?.name ?? "", order.indexOf(movedId) + 1, order.length));
    return true;
  }

  /** Moves an item one place with a button; focus returns to that item's button afterwards. */
  function move(id: string, direction: Direction) {
    const from = items.findIndex((item) => item.id === id);
    refocus.current = { id, direction };
    finish(moveItem(items.map((item) => item.id), from, direction === "up" ? from - 1 : from + 1), id);
  }

  const shownKey = shown.map((item) => item.id).join();
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    // The same direction while it can still move that way, else the other button (at the end of the list).
    const row = rows.current.get(target.id);
    const button = row?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]:not(:disabled)`) ?? row?.querySelector<HTMLButtonElement>("[data-move]:not(:disabled)");
    button?.focus();
  }, [shownKey]);

  /** Which slot the pointer is over: the number of other rows whose middle is above it. */
  function slotAt(clientY: number, draggedId: string, current: string[]) {
    return current.filter((id) => {
      if (id === draggedId) return false;
      const rect = rows.current.get(id)?.getBoundingClientRect();
      return rect !== undefined && rect.top + rect.height / 2 < clientY;
    }).length;
  }

  /**
   * Props for an item's drag handle. The session listens on the window: React moves the dragged
   * row in the DOM as it passes others, which would end a pointer capture on the handle.
   */
  const handleProps = (id: string) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.preventDefault();
      const base = itemsKey;
      let order = items.map((item) => item.id);
      setDrag({ id, order, base, dropped: false });
      const onMove = (moved: globalThis.PointerEvent) => {
        const from = order.indexOf(id);
        const slot = slotAt(moved.clientY, id, order);
        if (slot === from) return;
        order = moveItem(order, from, slot);
        setDrag({ id, order, base, dropped: false });
      };
      const end = (drop: boolean) => () => {
        window.removeEventListener("pointermove", onMove);
        window.removeEventListener("pointerup", onUp);
        window.removeEventListener("pointercancel", onCancel);
        setDrag(drop && finish(order, id) ? { id, order, base, dropped: true } : null);
      };
      const onUp = end(true);
      const onCancel = end(false);
      window.addEventListener("pointermove", onMove);
      window.addEventListener("pointerup", onUp);
      window.addEventListener("pointercancel", onCancel);
    },
  });

  const rowRef = (id: string) => (element: HTMLElement | null) => {
    if (element) rows.current.set(id, element);
    else rows.current.delete(id);
  };

  return { shown, dragging: drag && !drag.dropped ? drag.id : null, announcement, move, handleProps, rowRef };
}
