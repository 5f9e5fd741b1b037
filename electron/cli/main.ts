// `npm run folio -- <command> …`: the CLI door. Each command lives in its own module under commands/ and is loaded
// only when asked for, so one command's dependencies never slow another's start.
interface Command {
  summary: string;
  run(args: string[]): Promise<number>;
}

const commands: Record<string, () => Promise<Command>> = {
  backup: () => import('./commands/backup').then((m) => m.command),
  restore: () => import('./commands/restore').then((m) => m.command),
  export: () => import('./commands/export').then((m) => m.command),
  recurring: () => import('./commands/recurring').then((m) => m.command),
  nav: () => import('./commands/nav').then((m) => m.command),
  einvoice: () => import('./commands/einvoice').then((m) => m.command),
  accountant: () => import('./commands/accountant').then((m) => m.command),
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    const lines = await Promise.all(
      Object.entries(commands).map(async ([n, load]) => `  ${n.padEnd(10)} ${(await load().catch(() => null))?.summary ?? ''}`),
    );
    console.log(`Usage: npm run folio -- <command> [options]   (each command takes --help)\n\nCommands:\n${lines.join('\n')}`);
    return 0;
  }
  const load = commands[name];
  if (!load) {
    console.error(`Unknown command "${name}". Run: npm run folio -- --help`);
    return 2;
  }
  return (await load()).run(rest);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(`folio: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
