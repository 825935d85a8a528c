/** A one-line progress bar on a terminal; a line every few seconds elsewhere (CI logs, pipes). */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  const started = Date.now();
  let lastLine = 0;
  return (done: number, total: number) => {
    const fraction = total > 0 ? Math.min(done / total, 1) : 1;
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    const text = `${label} ${(fraction * 100).toFixed(1).padStart(5)}% ${done}/${total} (${rate}/s)`;
    if (stream.isTTY) {
      const width = 30;
      const filled = Math.round(fraction * width);
      stream.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${text}`);
      if (fraction === 1) stream.write('\n');
    } else if (fraction === 1 || Date.now() - lastLine > 2000) {
      lastLine = Date.now();
      stream.write(`${text}\n`);
    }
  };
}
