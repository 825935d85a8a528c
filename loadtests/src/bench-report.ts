/**
 * How `npm run bench` prints its figures: each as a label padded to one column and its value,
 * under the section it belongs to, and all of them again in a summary at the end (the lines the
 * README's table is copied from).
 */
export function benchReport() {
  const lines: string[] = [];
  return {
    report(label: string, value: string) {
      const line = `${label.padEnd(66)} ${value}`;
      lines.push(line);
      console.log(line);
    },
    section(title: string) {
      console.log(`\n${title}`);
    },
    summary() {
      console.log(`\nSummary\n${lines.join('\n')}`);
    },
  };
}

/** Prints one figure of the bench; see `benchReport`. */
export type Report = (label: string, value: string) => void;
