import os from 'node:os';
import path from 'node:path';

// Beside the api's own ports: E2E_API_PORT + 1000 (5102 by default; slot N runs 5200 + N).
const apiPort = Number(process.env.E2E_API_PORT ?? 4102);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? apiPort + 1000);
/** Every message the mail sink received, one JSON line each; emptied when the sink starts. */
export const MAIL_FILE = path.join(os.tmpdir(), `playhouse-e2e-mail-${apiPort}.jsonl`);
