// Prints benchmark results as an aligned text table (benchmarks report, they never assert timings).
export function printTable(
  title: string,
  header: readonly string[],
  rows: ReadonlyArray<readonly (string | number)[]>,
): void {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => [...(row[column] ?? '')].length)));
  const line = (row: readonly string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of cells.slice(1)) console.log(line(row));
}

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)] ?? Number.NaN;
}
