// Progress for the CLI, on stderr (stdout stays machine-readable): one line redrawn in place on a terminal, a line
// per tenth of the work (at most one every two seconds) when stderr is a file or a pipe.

export interface ProgressLine {
  update(label: string, done: number, total: number): void;
  done(message?: string): void;
}

export function progressLine(stream: NodeJS.WriteStream = process.stderr): ProgressLine {
  const tty = Boolean(stream.isTTY);
  let lastTenth = new Map<string, number>();
  let lastAt = 0;
  let drawn = false;
  return {
    update(label, done, total) {
      const pct = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 100;
      const text = `${label}: ${pct}% (${done}/${total})`;
      if (tty) {
        stream.write(`\r\x1b[K${text}`);
        drawn = true;
        return;
      }
      const tenth = Math.floor(pct / 10);
      const now = Date.now();
      if (tenth === lastTenth.get(label) || (now - lastAt < 2000 && pct < 100 && lastTenth.has(label))) return;
      lastTenth.set(label, tenth);
      lastAt = now;
      stream.write(`${text}\n`);
    },
    done(message) {
      if (tty && drawn) stream.write('\r\x1b[K');
      drawn = false;
      lastTenth = new Map();
      if (message) stream.write(`${message}\n`);
    },
  };
}
