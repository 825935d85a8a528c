/** JSON as developers read it: indented, always left to right, scrollable on a phone. */
export function Json({ value, label }: { value: unknown; label: string }) {
  return (
    // A scrolling region must take the focus, or keyboards could not scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable for keyboard users
    <section className="explorer-json" dir="ltr" aria-label={label} tabIndex={0}>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </section>
  );
}
