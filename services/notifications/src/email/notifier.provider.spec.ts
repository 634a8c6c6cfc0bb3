import { describe, expect, it, jest } from '@jest/globals';
import { ApiError, ConfigError } from '@garage/service-kit';
import { DevMailController } from './dev-mail.controller.js';
import { LocalNotifier } from './local-notifier.js';
import type { Notifier } from './notifier.port.js';
import { notifierProvider } from './notifier.provider.js';
import { SmtpNotifier } from './smtp-notifier.js';

/** The HTTP status of the ApiError `action` throws. */
function statusOf(action: () => unknown): number | undefined {
  try {
    action();
  } catch (error) {
    return error instanceof ApiError ? error.getStatus() : undefined;
  }
  return undefined;
}

const factory = (notifierProvider as { useFactory: (config: unknown, logger: unknown) => unknown }).useFactory;
const logger = () => ({ info: jest.fn(), warn: jest.fn() });
const base = { NODE_ENV: 'development', SMTP_PORT: 587, SMTP_SECURE: false, SMTP_FROM: 'alerts@garage.test' };

describe('notifier choice', () => {
  it('is the local notifier by default, and says so when a production process uses it', () => {
    expect(factory({ ...base, NOTIFIER: 'local' }, logger())).toBeInstanceOf(LocalNotifier);
    const log = logger();
    factory({ ...base, NODE_ENV: 'production', NOTIFIER: 'local' }, log);
    expect(log.warn).toHaveBeenCalledWith({}, expect.stringMatching(/development adapter/));
  });

  it('is SMTP when asked, and refuses to start without SMTP_HOST, naming it', async () => {
    const smtp = factory({ ...base, NOTIFIER: 'smtp', SMTP_HOST: 'mailpit' }, logger()) as SmtpNotifier;
    expect(smtp).toBeInstanceOf(SmtpNotifier);
    await smtp.close();
    expect(() => factory({ ...base, NOTIFIER: 'smtp' }, logger())).toThrow(ConfigError);
    expect(() => factory({ ...base, NOTIFIER: 'smtp' }, logger())).toThrow(/SMTP_HOST is required when NOTIFIER=smtp/);
  });
});

describe('LocalNotifier', () => {
  it('keeps the last 100 messages, newest first, and fails on demand', async () => {
    const notifier = new LocalNotifier('alerts@garage.test', logger());
    for (let i = 0; i < 105; i += 1) await notifier.send({ to: `u${i}@example.com`, subject: `#${i}`, text: '', html: '' });
    expect(notifier.messages()).toHaveLength(100);
    expect(notifier.messages()[0]!.subject).toBe('#104');
    notifier.failNext();
    await expect(notifier.send({ to: 'x@example.com', subject: 'fails', text: '', html: '' })).rejects.toThrow(/on demand/);
    await notifier.send({ to: 'x@example.com', subject: 'works', text: '', html: '' });
  });

  it('is readable on the dev mail page only outside production, by its recipient only', async () => {
    const notifier = new LocalNotifier('alerts@garage.test', logger());
    await notifier.send({ to: 'ada@example.com', subject: 'for Ada', text: '', html: '' });
    await notifier.send({ to: 'bob@example.com', subject: 'for Bob', text: '', html: '' });
    const ada = { userId: 1, email: 'ADA@example.com' };
    const page = (config: object, viewer: typeof ada | null, mailer: Notifier = notifier) =>
      new DevMailController(mailer, config as never).list(viewer);
    expect(page({ NODE_ENV: 'development' }, ada).messages.map((message) => message.subject)).toEqual(['for Ada']);
    expect(page({ NODE_ENV: 'development' }, { userId: 3, email: 'carol@example.com' })).toEqual({ messages: [] });
    expect(statusOf(() => page({ NODE_ENV: 'development' }, null))).toBe(401);
    expect(statusOf(() => page({ NODE_ENV: 'production' }, ada))).toBe(404);
    expect(statusOf(() => page({ NODE_ENV: 'production' }, null))).toBe(404);
    const smtp = new SmtpNotifier({ host: '127.0.0.1', port: 25, secure: false, from: 'a@b.c' });
    expect(statusOf(() => page({ NODE_ENV: 'development' }, ada, smtp))).toBe(404);
    void smtp.close();
  });
});
