// The e2e run's mail server: the api delivers over SMTP (SMTP_URL) as it would to a real one, and every message is
// appended, decoded, to a file the specs read (mail.ts). Started by playwright.config.ts as one of its web servers.
import { appendFileSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { MAIL_FILE, SMTP_PORT } from './mail-settings';

/** The text of a MIME message's plain part, with quoted-printable and base64 undone (nodemailer uses both). */
function decode(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

writeFileSync(MAIL_FILE, '');
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const subject = /^subject:\s*(.*)$/im.exec(raw)?.[1] ?? '';
      for (const recipient of session.envelope.rcptTo) {
        appendFileSync(
          MAIL_FILE,
          `${JSON.stringify({ to: recipient.address.toLowerCase(), subject, text: decode(raw) })}\n`,
        );
      }
      callback();
    });
  },
});
server.listen(SMTP_PORT, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));
