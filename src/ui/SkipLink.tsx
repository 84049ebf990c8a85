/** The first stop of the keyboard on every page: hidden until focused, it jumps to the main landmark (#main). */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-full bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      Skip to main content
    </a>
  );
}
