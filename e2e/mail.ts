import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { MAIL_FILE } from './mail-settings';

export type Mail = { to: string; subject: string; text: string };

function mailTo(address: string): Mail[] {
  const wanted = address.toLowerCase();
  return readFileSync(MAIL_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail)
    .filter((mail) => mail.to === wanted);
}

/** Waits for the newest e-mail to an address whose text matches, as a player waits for their inbox. */
export async function waitForMail(address: string, pattern: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(() => (found = mailTo(address).findLast((mail) => pattern.test(mail.text))), {
      message: `an e-mail to ${address} matching ${pattern}`,
      timeout: 20_000,
    })
    .toBeTruthy();
  return found!;
}

/** The confirmation link the registration e-mailed to an address. */
export async function confirmationLink(address: string): Promise<string> {
  const mail = await waitForMail(address, /\/auth\/confirm-email\?token=/);
  return /https?:\/\/\S+\/auth\/confirm-email\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
}
