import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The number in E.164 when libphonenumber-js's full metadata says it is a valid number, else null. */
export function normalizePhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}
