import { ValidationError } from './errors';

/**
 * A file name as the uploader's device gave it, kept only to show it back: refused when it carries a path, a parent
 * reference, control characters or nothing at all. It never becomes part of a stored file's path.
 */
export function checkedFileName(name: string): string {
  const trimmed = name.trim();
  if (
    trimmed.length === 0 ||
    trimmed.length > 200 ||
    /[/\\]/.test(trimmed) ||
    trimmed.includes('..') ||
    /^[.~]/.test(trimmed) ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(trimmed) ||
    /^[A-Za-z]:/.test(trimmed)
  ) {
    throw new ValidationError(
      { file: 'the file name must be a plain name without a path' },
      'The file name is not allowed.',
    );
  }
  return trimmed;
}
