// One lint, for one mistake the compiler cannot see: a promise nobody awaits. The write path awaits its statements
// (the same code runs on SQLite and on PostgreSQL, docs/team-server.md), and a check such as the legal check of an
// invoice returns Promise<void>: called without `await`, its refusal would be lost and the invoice issued anyway.
// Type-aware, so it runs on the project's own tsconfig; everything else is left to tsc and the tests.
import tseslint from 'typescript-eslint';

export default tseslint.config({ ignores: ['dist/**', 'release/**', 'node_modules/**', 'renderer/**', 'tests/**'] }, {
  files: ['electron/**/*.ts', 'shared/**/*.ts', 'migrations/**/*.ts'],
  ignores: ['**/*.d.ts'],
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
  },
  plugins: { '@typescript-eslint': tseslint.plugin },
  linterOptions: { reportUnusedDisableDirectives: 'off' },
  rules: {
    '@typescript-eslint/no-floating-promises': 'error',
  },
});
