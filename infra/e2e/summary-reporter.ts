import type { FullConfig, Reporter, Suite } from "@playwright/test/reporter";

/**
 * Closes the run with one plain line, "e2e: N passed, N failed[, N skipped]", after the list
 * reporter's own summary, so CI can read the counts. A flaky test (passed on retry) counts as
 * passed, as in Playwright's summary.
 */
class SummaryReporter implements Reporter {
  private root: Suite | undefined;

  onBegin(_config: FullConfig, suite: Suite) {
    this.root = suite;
  }

  onEnd() {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const test of this.root?.allTests() ?? []) {
      const outcome = test.outcome();
      if (outcome === "expected" || outcome === "flaky") counts.passed++;
      else if (outcome === "unexpected") counts.failed++;
      else counts.skipped++;
    }
    const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : "";
    console.log(`\ne2e: ${counts.passed} passed, ${counts.failed} failed${skipped}`);
  }

  printsToStdio() {
    return true;
  }
}

// biome-ignore lint/style/noDefaultExport: Playwright loads a reporter file through its default export.
export default SummaryReporter;
