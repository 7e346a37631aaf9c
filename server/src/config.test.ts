import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('needs nothing for a first run: port 3000, SQLite in ./data of the folder the command was typed in', () => {
    const config = parseConfig({ INIT_CWD: '/srv/trust' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('/srv/trust/data'));
    expect(config.database).toEqual({ dialect: 'sqlite', storage: path.resolve('/srv/trust/data/trust.sqlite') });
    expect(config.proxyHops).toBe(0);
    expect(config.logRetentionDays).toBe(30);
    expect(config.rateLimits).toBe(true);
  });

  it('limits slow clients by default, configurably, and lists every bad limit', () => {
    expect(parseConfig({}).http).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 5_000,
      maxRequestsPerSocket: 1_000,
      maxConnections: 1_000,
      maxConnectionsPerAddress: 100,
      anonymousBodyTimeoutMs: 10_000,
    });
    expect(parseConfig({}).storedAnswerDays).toBe(30);
    expect(
      parseConfig({
        HEADERS_TIMEOUT_MS: '5000',
        REQUEST_TIMEOUT_MS: '30000',
        MAX_CONNECTIONS: '200',
        MAX_CONNECTIONS_PER_ADDRESS: '20',
        ANONYMOUS_BODY_TIMEOUT_MS: '5000',
      }).http,
    ).toMatchObject({
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 30_000,
      maxConnections: 200,
      maxConnectionsPerAddress: 20,
      anonymousBodyTimeoutMs: 5_000,
    });
    expect(parseConfig({}).renderQueueMax).toBe(8);
    let error: unknown;
    try {
      parseConfig({
        HEADERS_TIMEOUT_MS: 'soon',
        MAX_CONNECTIONS: '0',
        KEEP_ALIVE_TIMEOUT_MS: '-1',
        STORED_ANSWER_DAYS: '0',
        MAX_CONNECTIONS_PER_ADDRESS: '0',
        ANONYMOUS_BODY_TIMEOUT_MS: 'never',
        RENDER_QUEUE_MAX: '0',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'ANONYMOUS_BODY_TIMEOUT_MS',
      'HEADERS_TIMEOUT_MS',
      'KEEP_ALIVE_TIMEOUT_MS',
      'MAX_CONNECTIONS',
      'MAX_CONNECTIONS_PER_ADDRESS',
      'RENDER_QUEUE_MAX',
      'STORED_ANSWER_DAYS',
    ]);
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://trust:pw@db/trust' }).database).toEqual({ dialect: 'postgres', url: 'postgres://trust:pw@db/trust' });
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', TRUST_PROXY: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((problem) => problem.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'JWT_SECRET', 'PORT', 'TRUST_PROXY']);
  });

  it('gives POST /api/sync a time budget of 8 s unless SYNC_TIME_BUDGET_MS says otherwise', () => {
    expect(parseConfig({}).syncTimeBudgetMs).toBe(8000);
    expect(parseConfig({ SYNC_TIME_BUDGET_MS: '0' }).syncTimeBudgetMs).toBe(0);
    expect(parseConfig({ SYNC_TIME_BUDGET_MS: '2500' }).syncTimeBudgetMs).toBe(2500);
    for (const bad of ['-1', 'soon', '1.5', '600000']) {
      expect(() => parseConfig({ SYNC_TIME_BUDGET_MS: bad }), bad).toThrow(ConfigError);
    }
  });

  it('trusts exactly the configured number of proxies: on means one', () => {
    expect(parseConfig({ TRUST_PROXY: 'off' }).proxyHops).toBe(0);
    expect(parseConfig({ TRUST_PROXY: 'on' }).proxyHops).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '1' }).proxyHops).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '2' }).proxyHops).toBe(2);
    expect(() => parseConfig({ TRUST_PROXY: 'all' })).toThrow(ConfigError);
  });

  it('turns email on with SMTP_URL alone, with a sensible sender', () => {
    expect(parseConfig({}).mail).toBeUndefined();
    expect(parseConfig({ SMTP_URL: '' }).mail).toBeUndefined();
    expect(parseConfig({ SMTP_URL: 'smtp://notices%40trust.org.nz:secret@mail.trust.org.nz:587' }).mail).toEqual({
      smtpUrl: 'smtp://notices%40trust.org.nz:secret@mail.trust.org.nz:587',
      from: 'notices@trust.org.nz',
    });
    expect(parseConfig({ SMTP_URL: 'smtps://apikey:secret@smtp.example.net', PUBLIC_URL: 'https://tewhare.org.nz/' })).toMatchObject({
      mail: { from: 'no-reply@tewhare.org.nz' },
      publicUrl: 'https://tewhare.org.nz',
    });
    expect(parseConfig({ SMTP_URL: 'smtp://localhost:2525' }).mail?.from).toBe('no-reply@localhost');
    expect(parseConfig({ SMTP_URL: 'smtp://localhost:2525', MAIL_FROM: 'Te Whare <kaimahi@tewhare.org.nz>' }).mail?.from).toBe(
      'Te Whare <kaimahi@tewhare.org.nz>',
    );
  });

  it('lists a bad SMTP_URL, MAIL_FROM and PUBLIC_URL with the others, never repeating the password', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'eighty', SMTP_URL: 'mail.example.net:s3cret-pass', MAIL_FROM: 'Te Whare', PUBLIC_URL: 'ftp://tewhare.org.nz' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual(['MAIL_FROM', 'PORT', 'PUBLIC_URL', 'SMTP_URL']);
    expect(problems.join('\n')).not.toContain('s3cret');
    expect(() => parseConfig({ SMTP_URL: 'https://mail.example.net' })).toThrow(ConfigError);
  });
});
