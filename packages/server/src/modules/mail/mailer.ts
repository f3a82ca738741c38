// Outgoing mail through a tenant's own SMTP server, else the app's default (SMTP_URL). Headers are
// built by nodemailer from plain values; CR/LF are stripped from anything that reaches a header. A
// tenant's server is reached at the address checked by smtp-destination.ts, never by its name again;
// SMTP_URL is the operator's own setting and is used as given.
import { AppError } from '@ipdesk/core';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { SealedBox } from '../security/sealed-box.js';
import { resolveSmtpDestination } from './smtp-destination.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends, or throws mailNotConfigured / mailSendFailed. */
  send(tenantSid: string, mail: OutgoingMail): Promise<void>;
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

interface TenantMailRow {
  host: string;
  port: number;
  secure: boolean;
  username: string | null;
  password_encrypted: string | null;
  from_address: string;
}

export function mailer(db: Database, config: Config, secrets: SealedBox): Mailer {
  return {
    async send(tenantSid, mail) {
      const rows = await db.query<TenantMailRow>(
        'SELECT host, port, secure, username, password_encrypted, from_address FROM tenant_mail_settings WHERE tenant_sid = $1',
        [tenantSid],
      );
      const own = rows[0];
      let transport: Transporter;
      let from: string;
      if (own) {
        let destination;
        try {
          destination = await resolveSmtpDestination(own.host, { allowInternal: config.smtpAllowInternalHosts });
        } catch (cause) {
          // Saved before the check existed, or the name now points inside: not the caller's mistake.
          throw new AppError('mailSendFailed', { cause });
        }
        transport = nodemailer.createTransport({
          host: destination.address,
          port: own.port,
          secure: own.secure,
          tls: { servername: destination.servername },
          auth: own.username
            ? { user: own.username, pass: own.password_encrypted ? secrets.open(own.password_encrypted) : '' }
            : undefined,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        });
        from = own.from_address;
      } else if (config.smtpUrl) {
        transport = nodemailer.createTransport(config.smtpUrl);
        from = config.mailFrom;
      } else {
        throw new AppError('mailNotConfigured');
      }
      try {
        await transport.sendMail({ from, to: oneLine(mail.to), subject: oneLine(mail.subject), text: mail.text });
      } catch (cause) {
        throw new AppError('mailSendFailed', { cause });
      } finally {
        transport.close();
      }
    },
  };
}
