import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SmtpNotifier } from '../src/email/smtp-notifier.js';
import { LocalSmtpServer } from './mail.js';

/** The SMTP adapter against a real SMTP server started by the test. */
let open: LocalSmtpServer;
let secured: LocalSmtpServer;

beforeAll(async () => {
  open = await LocalSmtpServer.start();
  secured = await LocalSmtpServer.start({ user: 'garage', pass: 's3cret' });
});

afterAll(async () => {
  await open?.close();
  await secured?.close();
});

const message = {
  to: 'ada@example.com',
  subject: 'New match for "Lamps": Brass lamp – 50% off',
  text: 'A new item matches your saved search "Lamps":\n\nBrass lamp for $12.50 at Spring sale → https://garage.test/items/5\n',
  html: '<p>Brass lamp for <strong>$12.50</strong></p>',
  headers: {
    'List-Unsubscribe': '<https://garage.test/api/saved-searches/unsubscribe?token=s.1.abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

describe('SmtpNotifier', () => {
  it('delivers the message: envelope, subject, both parts and the unsubscribe headers', async () => {
    const notifier = new SmtpNotifier({ host: '127.0.0.1', port: open.port, secure: false, from: 'Garage <alerts@garage.test>' });
    try {
      await notifier.send(message);
    } finally {
      await notifier.close();
    }
    const [mail] = open.received.splice(0);
    expect(mail).toMatchObject({ from: 'alerts@garage.test', to: ['ada@example.com'], subject: message.subject });
    expect(mail!.headers.from).toBe('Garage <alerts@garage.test>');
    expect(mail!.headers['list-unsubscribe']).toBe('<https://garage.test/api/saved-searches/unsubscribe?token=s.1.abc>');
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toBe(message.text);
    expect(mail!.html).toBe(message.html);
  });

  it('logs in when the server asks for it, and fails with the wrong password', async () => {
    const good = new SmtpNotifier({
      host: '127.0.0.1',
      port: secured.port,
      secure: false,
      user: 'garage',
      pass: 's3cret',
      from: 'alerts@garage.test',
    });
    const bad = new SmtpNotifier({
      host: '127.0.0.1',
      port: secured.port,
      secure: false,
      user: 'garage',
      pass: 'wrong',
      from: 'alerts@garage.test',
    });
    try {
      await good.send(message);
      await expect(bad.send(message)).rejects.toThrow(/Invalid username or password|auth/i);
    } finally {
      await good.close();
      await bad.close();
    }
    expect(secured.received).toHaveLength(1);
  });

  it('fails when the server refuses the recipient or the message, so the caller can retry', async () => {
    const notifier = new SmtpNotifier({ host: '127.0.0.1', port: open.port, secure: false, from: 'alerts@garage.test' });
    try {
      await expect(notifier.send({ ...message, to: 'someone@refused.example' })).rejects.toThrow(/Mailbox unavailable|rejected/);
      open.refuseNext();
      await expect(notifier.send(message)).rejects.toThrow(/Try again later/);
      await notifier.send(message);
    } finally {
      await notifier.close();
    }
    expect(open.received).toHaveLength(1);
  });

  it('fails (rather than waiting forever) when nothing listens', async () => {
    const notifier = new SmtpNotifier({ host: '127.0.0.1', port: 9, secure: false, from: 'alerts@garage.test', timeoutMs: 2000 });
    try {
      await expect(notifier.send(message)).rejects.toThrow();
    } finally {
      await notifier.close();
    }
  });
});
