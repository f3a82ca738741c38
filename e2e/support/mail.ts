// A real SMTP server on 127.0.0.1 that keeps every message it is given, parsed, so a browser test can
// read the mail the app sent (e.g. the password reset link).
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Inbox {
  /** smtp://127.0.0.1:<port>, for the server's SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  /** Waits for the next message to `address` that arrives after `since` messages. */
  waitFor(address: string, since?: number, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

function addressedTo(mail: ParsedMail, address: string): boolean {
  const lists = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return lists.some((list) => list.value.some((entry) => entry.address?.toLowerCase() === address.toLowerCase()));
}

export async function startInbox(): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          done();
        })
        .catch((error: Error) => done(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(address, since = 0, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(since).find((mail) => addressedTo(mail, address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The first link in the mail's text that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const text = mail.text ?? '';
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in: ${text}`);
  return link;
}
