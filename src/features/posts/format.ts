import { memberName } from "../../lib/memberName";
import { dateFormat } from "../../lib/format";

const dateTime = dateFormat({ dateStyle: "medium", timeStyle: "short" });

export const formatPostTime = (at: Date) => dateTime.format(at);

/** People are named the same way in the feed as in the waiting room. */
export const authorName = memberName;

/** 'https://www.example.com/list' → 'example.com': what a post's link shows. */
export function linkHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}
