// What a section of `npm run bench` is given: `smoke` asks for the same work at a small size, so that every section
// runs in seconds and CI can run them all between changes (`npm run bench -- --smoke`). A smoke run checks that the
// section still runs and that its own checks hold; its figures measure nothing and are not compared with targets.
export interface BenchOptions {
  smoke: boolean;
}

export const FULL: BenchOptions = { smoke: false };

/** `full` in a real run, `smoke` in a smoke run. */
export const sized = <T>(options: BenchOptions, full: T, smoke: T): T => (options.smoke ? smoke : full);
