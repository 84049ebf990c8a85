/**
 * Files shared to the app from the share sheet (issue 41): the photos page takes them off the device
 * once (src/lib/sharedFiles.ts) and drops `?share` from the address, so a reload does not look again.
 */
import { useEffect, useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import { takeSharedFiles } from "../../../lib/sharedFiles";

export const SHARE_TEXTS = {
  notAllowed: "You can look through this album, but adding photos isn't open to you, so the shared files were not added.",
  missing: "The shared files didn't reach the album. Please share them again, or choose them with Upload photos.",
};

/** One taking per share id: React's development double effects must not take (and delete) the files twice. */
const takings = new Map<string, Promise<File[]>>();

function take(shareId: string): Promise<File[]> {
  // Without the Cache API (an insecure origin) nothing could have been kept: the album says the files did not arrive.
  const pending =
    takings.get(shareId) ??
    takeSharedFiles(shareId)
      .catch(() => [])
      .finally(() => takings.delete(shareId));
  takings.set(shareId, pending);
  return pending;
}

/** The files shared under `shareId` (null until taken, or when there was no share), and a way to let them go. */
export function useSharedFiles(shareId: string | undefined): [File[] | null, () => void] {
  const navigate = useNavigate({ from: "/photos" });
  const [files, setFiles] = useState<File[] | null>(null);
  useEffect(() => {
    if (shareId === undefined) return;
    let current = true;
    void take(shareId).then((taken) => {
      if (!current) return;
      setFiles(taken);
      void navigate({ search: (previous) => ({ ...previous, share: undefined, tab: undefined }), replace: true });
    });
    return () => {
      current = false;
    };
  }, [shareId, navigate]);
  return [files, () => setFiles(null)];
}
