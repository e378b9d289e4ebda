import { parse, TYPE, type MessageFormatElement, type PluralOrSelectOption } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { LOCALE_TAGS, type Locale } from '@playhouse/shared';
import { AppError } from '../../lib/errors';

/** A text that is no valid ICU message: the parser's error kind and where it is, for the editor's field. */
export class InvalidMessageError extends AppError {
  constructor(kind: string, offset: number | null) {
    const where = offset === null ? '' : ` at character ${offset + 1}`;
    // The field names the parser's error kind, and `position` the character (1-based) where it is.
    super('invalid_message', `The message is no valid ICU message: ${kind}${where}.`, 400, {
      value: kind,
      ...(offset === null ? {} : { position: String(offset + 1) }),
    });
  }
}

/** A text naming arguments or tags the site never supplies for this key: it would fail where it is shown. */
export class UnknownMessageArgumentsError extends AppError {
  constructor(names: string[]) {
    const list = names.map((name) => `{${name}}`).join(', ');
    super(
      'message_arguments_unknown',
      `The message uses ${list}, which the site does not supply for this text (only what the default text uses).`,
      400,
      { value: list },
    );
  }
}

export type ArgumentKind = 'text' | 'number' | 'date' | 'time' | 'select' | 'plural' | 'tag';

/** The message's parts, or InvalidMessageError. */
export function parseMessage(message: string): MessageFormatElement[] {
  try {
    return parse(message);
  } catch (error) {
    if (error instanceof SyntaxError) {
      const location = (error as SyntaxError & { location?: { start?: { offset?: number } } }).location;
      throw new InvalidMessageError(error.message, location?.start?.offset ?? null);
    }
    throw error;
  }
}

/** Every argument and tag a message names, with its kind (the first use decides). */
export function messageArguments(elements: MessageFormatElement[]): Map<string, ArgumentKind> {
  const found = new Map<string, ArgumentKind>();
  const note = (name: string, kind: ArgumentKind) => {
    if (!found.has(name)) found.set(name, kind);
  };
  const walkOptions = (options: Record<string, PluralOrSelectOption>) => {
    for (const option of Object.values(options)) walk(option.value);
  };
  function walk(parts: MessageFormatElement[]) {
    for (const part of parts) {
      switch (part.type) {
        case TYPE.argument:
          note(part.value, 'text');
          break;
        case TYPE.number:
          note(part.value, 'number');
          break;
        case TYPE.date:
          note(part.value, 'date');
          break;
        case TYPE.time:
          note(part.value, 'time');
          break;
        case TYPE.select:
          note(part.value, 'select');
          walkOptions(part.options);
          break;
        case TYPE.plural:
          note(part.value, 'plural');
          walkOptions(part.options);
          break;
        case TYPE.tag:
          note(part.value, 'tag');
          walk(part.children);
          break;
        default:
          break;
      }
    }
  }
  walk(elements);
  return found;
}

/** A sample for an argument the editor gave no value: what the site would plausibly pass. */
function sampleValue(name: string, kind: ArgumentKind, now: Date): string | number | Date {
  switch (kind) {
    case 'number':
    case 'plural':
      return 3;
    case 'date':
    case 'time':
      return now;
    case 'select':
      return 'other';
    default:
      return name;
  }
}

/**
 * Renders a message as the site would, in the locale's formats, with the editor's values and a sample for each
 * argument left out; a tag shows its content. Throws InvalidMessageError for a message that does not parse.
 */
export function previewMessage(
  message: string,
  locale: Locale,
  given: Record<string, string | number>,
  now = new Date(),
): { text: string; values: Record<string, string | number> } {
  const used = messageArguments(parseMessage(message));
  const values: Record<string, string | number | Date | ((chunks: unknown[]) => string)> = {};
  const shown: Record<string, string | number> = {};
  for (const [name, kind] of used) {
    if (kind === 'tag') {
      values[name] = (chunks) => chunks.map(String).join('');
      continue;
    }
    const value = Object.hasOwn(given, name) ? given[name]! : sampleValue(name, kind, now);
    values[name] = value;
    shown[name] = value instanceof Date ? value.toISOString() : value;
  }
  try {
    const formatted = new IntlMessageFormat(message, LOCALE_TAGS[locale]).format(values);
    const text = Array.isArray(formatted) ? formatted.map(String).join('') : String(formatted);
    return { text, values: shown };
  } catch (error) {
    // A value of the wrong kind for its argument (text where a number is formatted).
    const reason = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : 'formatting failed';
    throw new AppError('invalid_preview_values', `The message cannot be shown with these values: ${reason}`, 400);
  }
}
