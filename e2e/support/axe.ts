// axe-core in the page: the critical and serious WCAG 2 A/AA violations of what is on screen now, as
// readable lines ("rule: target — summary"), so a failing test says which element broke which rule.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: AxeNode[];
}

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy forbids inline script tags.
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    // Experimental in axe, so run by name: a control's name must contain the text it shows (WCAG 2.5.3).
    const labelInName = (await axe.run(document, {
      runOnly: { type: 'rule', values: ['label-content-name-mismatch'] },
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return [...result.violations, ...labelInName.violations];
  });
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id}: ${node.target.join(' ')} — ${(node.failureSummary ?? '').split('\n').slice(0, 2).join(' ')}`,
      ),
    );
}
