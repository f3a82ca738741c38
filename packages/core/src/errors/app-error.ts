// An error as a value: a catalogue entry plus the parameters of its message and optional field
// details. The server turns it into the envelope in the caller's language.
import type { TranslateParams } from '../i18n/index.js';
import { errors, type ErrorDefinition, type ErrorName } from './catalogue.js';

/** One failing field: its path, its label (already in the caller's language) and the message. */
export interface FieldError {
  field: string;
  label: string;
  message: string;
}

export class AppError extends Error {
  readonly definition: ErrorDefinition;
  readonly params: TranslateParams | undefined;
  readonly fields: FieldError[] | undefined;

  constructor(name: ErrorName, options: { params?: TranslateParams; fields?: FieldError[]; cause?: unknown } = {}) {
    super(name, { cause: options.cause });
    this.name = 'AppError';
    this.definition = errors[name];
    this.params = options.params;
    this.fields = options.fields;
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
