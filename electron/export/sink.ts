// A file written as a stream with back-pressure (a large export never sits in memory), under a ".partial" name
// until it is complete and on disk.
import { createWriteStream, fsyncSync, openSync, closeSync, renameSync, rmSync, type WriteStream } from 'node:fs';

export class FileSink {
  private readonly stream: WriteStream;
  private readonly partial: string;
  private failed: Error | null = null;

  constructor(readonly file: string) {
    this.partial = `${file}.partial`;
    this.stream = createWriteStream(this.partial, { encoding: 'utf8' });
    this.stream.on('error', (e) => {
      this.failed = e;
    });
  }

  async write(text: string): Promise<void> {
    if (this.failed) throw this.failed;
    if (!this.stream.write(text)) {
      await new Promise<void>((resolve, reject) => {
        const onError = (e: Error) => reject(e);
        this.stream.once('error', onError);
        this.stream.once('drain', () => {
          this.stream.off('error', onError);
          resolve();
        });
      });
    }
  }

  /** Flushes, fsyncs and gives the file its final name. */
  async finish(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.stream.once('error', reject);
      this.stream.end(() => resolve());
    });
    if (this.failed) throw this.failed;
    const fd = openSync(this.partial, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(this.partial, this.file);
  }

  abort(): void {
    this.stream.destroy();
    rmSync(this.partial, { force: true });
  }
}
