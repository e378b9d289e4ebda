import { readFile } from 'node:fs/promises';
import { staffInfoPopupBodySchema } from '@playhouse/shared';
import { UsageError, type OpsCommand } from '../command';

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new UsageError(`Cannot read ${file}.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(`${file} is not JSON.`);
  }
}

export const contentCommands: OpsCommand[] = [
  {
    name: 'announce',
    args: '<file.json>',
    summary:
      'Publish a new announcement (info popup) from a JSON file: { "text": { "en": "…", "de": "…" }, "buttonText": {…}, ' +
      '"closeButtonText": {…}, "hrefOnMainButton": "/app-page", "hrefOnCloseButton": "/" }; it replaces the current one',
    run: async (input, target) => {
      const [file] = input.positionals as [string];
      const parsed = staffInfoPopupBodySchema.safeParse(await readJson(file));
      if (!parsed.success) {
        throw new UsageError(
          parsed.error.issues.map((issue) => `${issue.path.join('.') || 'file'}: ${issue.message}`).join('\n'),
        );
      }
      const { id } = await target.api.post<{ id: number }>('/spa/staff/info-popups', parsed.data);
      return `Published announcement #${id}; it shows to every visitor, also to those who closed the one before.`;
    },
  },
];
