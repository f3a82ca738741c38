// Texts of input checking (en), typed against the zh-CN keys.
import type { InputsMessageKey } from './inputs.zh-CN.js';

export const inputsEn: Record<InputsMessageKey, string> = {
  'validation.unstorableCharacters': 'contains a character that is not allowed (NUL or an unpaired surrogate)',
  'validation.notADate': 'is not a valid date (e.g. 2024-01-31)',
  'validation.notATime': 'is not a valid time (e.g. 2024-01-31T08:00:00Z)',
  'validation.currency': 'is not a supported ISO 4217 currency code (e.g. CNY, USD)',
  'validation.moneyAmount': 'must be an amount such as 1234.50',
  'validation.moneyPrecision': 'has more than {{digits}} decimals for its currency',
  'type.money': 'money (amount and currency)',
  'iql.semantic.notADate': 'Position {{position}}: "{{value}}" is not a valid date (field "{{field}}")',
  'iql.semantic.notATime': 'Position {{position}}: "{{value}}" is not a valid time (field "{{field}}")',
};
