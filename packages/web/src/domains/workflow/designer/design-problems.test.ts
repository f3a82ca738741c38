// Problems as shown: the live check's translated, a refused publish's read from the error's fields, and
// the marker each element gets.
import { describe, expect, it } from 'vitest';
import { translate, type DesignProblem } from '@ipdesk/core';
import { MARKERS, errorCount, markedElements, refusedProblems, shownProblems } from './design-problems';

const problem = (elementId: string, severity: 'error' | 'warning', rule = 'reachable'): DesignProblem => ({
  rule,
  elementId,
  messageKey: 'workflowDesign.problem.unreachable',
  params: {},
  severity,
});

describe('design problems', () => {
  it('translates the live check in the current language', () => {
    const shown = shownProblems([problem('Task_1', 'error')], (key, params) => translate('en', key, params));
    expect(shown).toEqual([
      {
        key: 'reachable:Task_1:0',
        rule: 'reachable',
        elementId: 'Task_1',
        severity: 'error',
        text: 'This element cannot be reached from the start event',
      },
    ]);
  });

  it('reads a refused publish: rule and element from the field, the server text with its label', () => {
    const shown = refusedProblems([
      { field: 'exclusive-conditions:Gateway_1', label: '排他网关条件', message: '缺少条件' },
      { field: 'single-start', label: '', message: 'no start' },
    ]);
    expect(shown.map(({ rule, elementId, severity, text }) => ({ rule, elementId, severity, text }))).toEqual([
      { rule: 'exclusive-conditions', elementId: 'Gateway_1', severity: 'error', text: '排他网关条件: 缺少条件' },
      { rule: 'single-start', elementId: '', severity: 'error', text: 'no start' },
    ]);
    expect(errorCount(shown)).toBe(2);
  });

  it('marks each element once, an error outranking a warning, and nothing for problems without one', () => {
    const marked = markedElements([
      { elementId: 'Task_1', severity: 'warning' },
      { elementId: 'Task_1', severity: 'error' },
      { elementId: 'Task_1', severity: 'warning' },
      { elementId: 'Flow_2', severity: 'warning' },
      { elementId: '', severity: 'error' },
    ]);
    expect([...marked]).toEqual([
      ['Task_1', MARKERS.error],
      ['Flow_2', MARKERS.warning],
    ]);
  });
});
