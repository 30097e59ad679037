import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as a real SMTP server received it: envelope sender and recipients, raw text, and the text decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  text: string;
}

/** A quoted-printable body as a reader sees it. */
export const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

export interface SmtpInbox {
  /** `smtp://127.0.0.1:<port>`: for SMTP_URL. */
  url: string;
  /** Every mail received, in order (a test may empty it: `inbox.mails.length = 0`). */
  mails: ReceivedMail[];
  /** Waits until the inbox holds `count` mails; the first `count`. */
  count(count: number): Promise<ReceivedMail[]>;
  /** Waits for a mail to `address` whose text contains `containing`. */
  mailTo(address: string, containing: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free port of this machine, keeping what it receives (the tests' mailbox). */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((to) => to.address), raw, text: decodeQuotedPrintable(raw) });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const waitFor = <T>(found: () => T | undefined) =>
    new Promise<T>((resolve) => {
      const check = () => {
        const value = found();
        if (value !== undefined) resolve(value);
        else waiters.push(check);
      };
      check();
    });
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    mails,
    count: (count) => waitFor(() => (mails.length >= count ? mails.slice(0, count) : undefined)),
    mailTo: (address, containing) => waitFor(() => mails.find((mail) => mail.to.includes(address) && mail.text.includes(containing))),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
