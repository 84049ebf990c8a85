/**
 * Moods the composer offers. The server takes any short text (a mood from an inspiration template
 * may differ), so a stored mood outside this list is shown as written.
 */
export const POST_MOODS = [
  { value: "happy", emoji: "😊" },
  { value: "excited", emoji: "🤩" },
  { value: "grateful", emoji: "🙏" },
  { value: "loved", emoji: "🥰" },
  { value: "emotional", emoji: "🥹" },
  { value: "tired", emoji: "😴" },
  { value: "nervous", emoji: "😬" },
  { value: "hungry", emoji: "😋" },
] as const;

/** 'excited' → '🤩 excited'; an unknown mood as written. */
export function moodLabel(mood: string): string {
  const known = POST_MOODS.find((m) => m.value === mood);
  return known ? `${known.emoji} ${known.value}` : mood;
}
