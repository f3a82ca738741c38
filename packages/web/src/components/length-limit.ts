// Length limits on text inputs without cutting what the user typed or pasted (issue 14): a native
// `maxLength` silently shortens a pasted 12-digit phone into a different valid one. Inputs get antd's
// `count` instead (count/max shown, spec §9, the input marked when over) and forms refuse the value
// with the length message. Lengths are counted in characters as the server counts them (an emoji once).
import { characterCount } from '@ipdesk/core';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Characters as the server counts them (core): code points, so an emoji or a rare CJK character counts once. */
export { characterCount };

/** antd Input / TextArea `count` prop: shows "count / max" (unless `show` is false), never truncates. */
export interface LengthCount {
  show: boolean;
  max: number;
  strategy: (text: string) => number;
}

export function lengthCount(max: number, show = true): LengthCount {
  return { show, max, strategy: characterCount };
}

/**
 * The form rule that refuses a text over `max` characters, with the shared length message (or the
 * form's own, where it words it differently). Blank values are left to the required rule.
 */
export function maxLengthRule(max: number, t: TFunction, message?: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string') return;
      if (characterCount(value) > max) throw new Error(message ?? t('validation.tooBig.string', { maximum: max }));
    },
  };
}
