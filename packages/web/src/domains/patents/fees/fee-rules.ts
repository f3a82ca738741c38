// Pure rules of the fees tab: money in the fee's currency, reduction as a percentage, the colours of
// status and source tags, which actions a fee record offers, and what a payment sends.
import { formatMoney, isCurrency, type Language, type LifecycleActionAnswer, type MessageKey } from '@ipdesk/core';
import type { ModelSchema } from '../../../api/model';
import type { FeeSourceStatus, StoredFee } from '../../../api/patent-rules';
import { abilitiesOf } from '../../../models/schema';

const LOCALES: Record<Language, string> = { 'zh-CN': 'zh-CN', en: 'en-US' };

/** Money arrives as a number, or as text from a numeric column. */
export function moneyNumber(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** "¥900.00" / "US$1,600.00": the currency's own decimals (none for yen); the code when not in core's list. */
export function moneyText(
  value: number | string | null | undefined,
  currency: string | null | undefined,
  language: Language,
): string {
  const number = moneyNumber(value);
  if (number === undefined) return '—';
  // Money is formatted once, in core (values/money.ts), with the currency's own decimals.
  if (isCurrency(currency)) return formatMoney({ amount: String(number), currency }, language);
  const plain = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 2 }).format(number);
  return currency ? `${plain} ${currency}` : plain;
}

/** 0.85 → "85%"; 0 → "—" (no reduction). */
export function reductionText(rate: number): string {
  if (!rate) return '—';
  return `${Math.round(rate * 10_000) / 100}%`;
}

export const SOURCE_TAG: Record<FeeSourceStatus, { color: string; labelKey: MessageKey }> = {
  verified: { color: 'green', labelKey: 'patentFees.source.verified' },
  secondary: { color: 'gold', labelKey: 'patentFees.source.secondary' },
  unverified: { color: 'red', labelKey: 'patentFees.source.unverified' },
};

const FEE_STATUS_TAG: Record<string, { color: string; labelKey: MessageKey }> = {
  unpaid: { color: 'orange', labelKey: 'patentFees.status.unpaid' },
  paid: { color: 'green', labelKey: 'patentFees.status.paid' },
  abandoned: { color: 'default', labelKey: 'patentFees.status.abandoned' },
};

export function feeStatusTag(status: string): { color: string; labelKey: MessageKey } | undefined {
  return Object.hasOwn(FEE_STATUS_TAG, status) ? FEE_STATUS_TAG[status] : undefined;
}

const DECISION_LABEL: Record<string, MessageKey> = {
  maintain: 'patentFees.decision.maintain',
  abandon: 'patentFees.decision.abandon',
};

export function decisionLabel(decision: string | null | undefined): MessageKey | undefined {
  return decision && Object.hasOwn(DECISION_LABEL, decision) ? DECISION_LABEL[decision] : undefined;
}

/** Only an unpaid fee is paid or decided on; a paid or abandoned one is history. */
export function isOpenFee(record: Pick<StoredFee, 'status'> | null): boolean {
  return record?.status === 'unpaid';
}

/**
 * What the reader may do with an unpaid fee: its lifecycle actions they hold (pay, abandon) and deciding to
 * maintain it (an update of the decision).
 */
export function offeredFeeActions(schema: ModelSchema): {
  pay?: LifecycleActionAnswer;
  abandon?: LifecycleActionAnswer;
  maintain: boolean;
} {
  const allowed = (name: string) => schema.lifecycle?.actions.find((action) => action.name === name && action.allowed);
  return { pay: allowed('pay'), abandon: allowed('abandon'), maintain: abilitiesOf(schema).update };
}

export interface PaymentValues {
  paid_date: string;
  paid_amount: number;
  payment_reference?: string;
}

/** The pay action's values: the fee becomes paid by the action itself. */
export function paymentData(values: PaymentValues): Record<string, unknown> {
  const reference = values.payment_reference?.trim();
  return {
    paid_date: values.paid_date,
    paid_amount: values.paid_amount,
    payment_reference: reference ? reference : null,
  };
}

/** What the payment dialog suggests: the amount due, plus the surcharge already charged. */
export function suggestedPayment(record: Pick<StoredFee, 'amount' | 'surcharge'>): number | undefined {
  const amount = moneyNumber(record.amount);
  if (amount === undefined) return undefined;
  return Math.round((amount + (moneyNumber(record.surcharge) ?? 0)) * 100) / 100;
}
