// An error as a value: a catalogue entry plus the parameters of its message and optional field
// details. The server turns it into the envelope in the caller's language.
import { interpolate, messages, type Language, type MessageKey, type TranslateParams } from '../i18n/index.js';
import type { DomainError } from '../domains/types.js';
import { errors, type AnyErrorDefinition, type ErrorName } from './catalogue.js';

/** One failing field: its path, its label (already in the caller's language) and the message. */
export interface FieldError {
  field: string;
  label: string;
  message: string;
}

/** A failing field told by i18n keys, for services that do not know the caller's language. */
export interface FieldIssue {
  field: string;
  labelKey: MessageKey;
  messageKey: MessageKey;
  params?: TranslateParams;
  /** A parameter that is a list of texts, e.g. the password rules not met, joined in the language. */
  listParam?: { name: string; items: Array<{ key: MessageKey; params?: TranslateParams }> };
}

export class AppError extends Error {
  /** The catalogue's entry, or a domain's the build does not list (a test domain's). */
  readonly definition: AnyErrorDefinition;
  readonly params: TranslateParams | undefined;
  readonly fields: FieldError[] | undefined;
  readonly issues: FieldIssue[] | undefined;

  constructor(
    name: ErrorName | DomainError,
    options: { params?: TranslateParams; fields?: FieldError[]; issues?: FieldIssue[]; cause?: unknown } = {},
  ) {
    super(typeof name === 'string' ? name : name.messageKey, { cause: options.cause });
    this.name = 'AppError';
    this.definition = typeof name === 'string' ? errors[name] : name;
    this.params = options.params;
    this.fields = options.fields;
    this.issues = options.issues;
  }

  /** The failing fields in one language: given ones as they are, issues translated. */
  fieldsIn(translateKey: (key: MessageKey, params?: TranslateParams) => string): FieldError[] {
    return [
      ...(this.fields ?? []),
      ...(this.issues ?? []).map((issue) => ({
        field: issue.field,
        label: translateKey(issue.labelKey),
        message: translateKey(issue.messageKey, {
          ...issue.params,
          ...(issue.listParam
            ? {
                [issue.listParam.name]: issue.listParam.items
                  .map((item) => translateKey(item.key, item.params))
                  .join('; '),
              }
            : {}),
        }),
      })),
    ];
  }

  get code(): number {
    return this.definition.code;
  }

  get status(): number {
    return this.definition.status;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/**
 * The error's message in a language, looked up in these texts (default: the product's; an app passes its
 * own, with the texts of every domain it runs, so a domain the build does not list speaks too).
 */
export function errorMessage(
  error: AppError,
  language: Language,
  texts: Record<Language, Record<string, string>> = messages,
): string {
  const key = error.definition.messageKey;
  return interpolate(texts[language][key] ?? key, error.params);
}
