// What every command does with its arguments before its own work: read the options (a wrong one is said with the
// command's help, exit 2), answer --help (exit 0), and refuse a missing or wrong value the same way.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isValidDate } from '../../shared/dates';

/** The command's options, or the exit code when it ends here (the help was printed, or why the options are wrong). */
export function readOptions<T extends ParseArgsConfig>(config: T, help: string): ReturnType<typeof parseArgs<T>> | number {
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(config);
  } catch (e) {
    return refuse(e instanceof Error ? e.message : String(e), help);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(help);
    return 0;
  }
  return parsed;
}

/** Says what is wrong with the command line, then the help; the exit code of a usage error. */
export function refuse(problem: string, help: string): number {
  console.error(`${problem}\n\n${help}`);
  return 2;
}

/** What is wrong with an optional --from/--to pair of days, or null. */
export function dateRangeProblem(from: string | undefined, to: string | undefined): string | null {
  for (const d of [from, to]) if (d !== undefined && !isValidDate(d)) return `Not a date: ${d} (use YYYY-MM-DD)`;
  return null;
}
