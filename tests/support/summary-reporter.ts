import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

// Prints the plain closing line "N passed, N failed" that CI reads, after Playwright's own list.
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry < test.retries && result.status !== 'passed') return;
    if (result.status === 'passed') this.passed++;
    else if (result.status === 'skipped') this.skipped++;
    else this.failed++;
  }

  onEnd(_result: FullResult): void {
    const skipped = this.skipped ? `, ${this.skipped} skipped` : '';
    console.log(`\n${this.passed} passed, ${this.failed} failed${skipped}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
