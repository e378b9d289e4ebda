import type { FormField } from '@playhouse/shared/contracts/accounts';

/** A problem with one field's value, named by its message key under `account.validation`. */
export type FieldProblem =
  | { key: 'required' | 'pattern' | 'email' | 'dateTooLate' | 'dateTooEarly' | 'mustAccept' }
  | { key: 'tooShort'; min: number }
  | { key: 'tooLong'; max: number };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The HTML `pattern` rule of a constraint: anchored as the browser anchors it. */
function matchesPattern(pattern: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    return true;
  }
}

/**
 * Checks a value against the constraints /spa/forms gave for its field, the same rules the api applies, so most
 * mistakes are shown before sending. The api checks again and has the last word.
 */
export function fieldProblem(field: FormField, value: string | boolean): FieldProblem | null {
  if (field.type === 'checkbox') return field.required && value !== true ? { key: 'mustAccept' } : null;
  const text = typeof value === 'string' ? value : '';
  if (text.trim() === '') return field.required ? { key: 'required' } : null;
  const { minLength, maxLength, pattern, min, max } = field.constraints;
  if (minLength !== undefined && text.length < minLength) return { key: 'tooShort', min: minLength };
  if (maxLength !== undefined && text.length > maxLength) return { key: 'tooLong', max: maxLength };
  if (field.type === 'email' && !EMAIL.test(text)) return { key: 'email' };
  if (field.type === 'date') {
    if (max !== undefined && text > max) return { key: 'dateTooLate' };
    if (min !== undefined && text < min) return { key: 'dateTooEarly' };
  }
  if (field.type === 'select' && field.options && !field.options.some((option) => option.value === text)) {
    return { key: 'required' };
  }
  if (pattern !== undefined && field.type !== 'tel' && !matchesPattern(pattern, text)) return { key: 'pattern' };
  return null;
}

/** Field problems the api reports are English texts or snake_case codes; the web shows its own translation. */
const CODED_PROBLEMS = new Set(['required', 'invalid_iban', 'invalid_card_number', 'card_expired']);

/**
 * The message key for a problem the api reported on a field: a known code under `account.serverCodes`, else the
 * field's own message under `account.serverFields`, else the generic one.
 */
export function serverFieldMessageKey(field: string, problem: string, knownFields: readonly string[]): string {
  if (CODED_PROBLEMS.has(problem)) return `serverCodes.${problem}`;
  const name = field.split('.').at(-1) ?? field;
  return knownFields.includes(name) ? `serverFields.${name}` : 'serverFields.invalid';
}
