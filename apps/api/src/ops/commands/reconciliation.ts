import type { ReconciliationReport } from '@playhouse/shared';
import type { OpsCommand } from '../command';

/** The report as an operator reads it: one line per check, then the first offending rows of each finding. */
export function describeReport(report: ReconciliationReport): string {
  const lines = [
    `Reconciliation at ${report.checkedAt}: ${report.accounts} accounts, grace ${report.graceSeconds} s`,
    ...report.findings.map((finding) => `  ${finding.check.padEnd(28)} ${finding.count === 0 ? 'ok' : finding.count}`),
  ];
  for (const finding of report.findings.filter((item) => item.count > 0)) {
    lines.push('', `${finding.check} (first ${finding.sample.length} of ${finding.count}):`);
    for (const row of finding.sample) {
      lines.push(
        `  ${Object.entries(row)
          .map(([name, value]) => `${name}=${value}`)
          .join(' ')}`,
      );
    }
  }
  lines.push('', report.discrepancies === 0 ? 'The books agree.' : `${report.discrepancies} discrepancies.`);
  return lines.join('\n');
}

/** A reconciliation that found something: the command prints the report and exits with 1 (for cron and CI). */
export class DiscrepanciesFound extends Error {
  constructor(report: ReconciliationReport) {
    super(describeReport(report));
    this.name = 'DiscrepanciesFound';
  }
}

export const reconciliationCommands: OpsCommand[] = [
  {
    name: 'reconcile',
    args: '',
    summary:
      'Prove the books: every balance equals the sum of its entries, every transfer sums to zero, no Originals ' +
      'round or provider bet waits for its outcome beyond the grace period (exit code 1 when anything is off)',
    run: async (_input, target) => {
      // Through the api as a staff member with reconciliation.read, like every other command.
      const { report } = await target.api.get<{ report: ReconciliationReport }>('/spa/staff/reconciliation');
      if (report.discrepancies > 0) throw new DiscrepanciesFound(report);
      return describeReport(report);
    },
  },
];
