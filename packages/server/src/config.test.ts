import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.pgliteDir).toMatch(/\/data\/pglite$/);
    expect(config.databaseUrl).toBeNull();
    expect(config.demo).toBe(true);
    expect(config.supportEmail).toBe('support@example.com');
    expect(config.publicOrigin).toBe('http://localhost:8080');
    expect(config.webDist).toMatch(/packages\/web\/dist$/);
    expect(config.logLevel).toBe('info');
    expect(config.signInRateLimit).toBe(20);
    expect(config.trustProxy).toEqual([]);
    expect(config.metricsToken).toBeNull();
  });

  it('reads METRICS_TOKEN, refusing a short one and naming the variable', () => {
    const token = 'a-long-enough-metrics-token';
    expect(loadConfig({ METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token);
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeNull();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('reads the retention days (off: kept forever) and batch size, with documented defaults', () => {
    expect(loadConfig({}).retention).toEqual({
      readingsDays: 7,
      commandsDays: 90,
      sessionsDays: 7,
      loginFailuresDays: 30,
      outboxDays: 30,
      outboxFailedDays: 90,
      batchSize: 5000,
    });
    const set = loadConfig({
      RETENTION_READINGS_DAYS: ' 30 ',
      RETENTION_COMMANDS_DAYS: 'OFF',
      RETENTION_OUTBOX_FAILED_DAYS: '',
      RETENTION_BATCH_SIZE: '1000',
    }).retention;
    expect(set).toMatchObject({
      readingsDays: 30,
      commandsDays: null,
      outboxFailedDays: 90,
      batchSize: 1000,
    });
    for (const [variable, value] of [
      ['RETENTION_READINGS_DAYS', '0'],
      ['RETENTION_SESSIONS_DAYS', '1.5'],
      ['RETENTION_LOGIN_FAILURES_DAYS', 'never'],
      ['RETENTION_OUTBOX_DAYS', '-3'],
      ['RETENTION_BATCH_SIZE', '0'],
    ] as const) {
      expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`\\b${variable}\\b`));
    }
  });

  it('in demo mode listens on loopback only, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DEMO: 'true', HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '192.168.1.20' }).host).toBe('192.168.1.20');
  });

  it('with DEMO=false listens on every interface unless HOST says otherwise', () => {
    expect(loadConfig({ DEMO: 'false' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO: 'false', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('reads DEMO_FAULTS as simulator fault specs and names the variable for a bad one', () => {
    expect(loadConfig({}).demoFaults).toEqual([]);
    expect(
      loadConfig({ DEMO_FAULTS: 'firmware:1065A34B1341:corruptedImage, offline:1065A34B1000' })
        .demoFaults,
    ).toEqual(['firmware:1065A34B1341:corruptedImage', 'offline:1065A34B1000']);
    expect(() => loadConfig({ DEMO_FAULTS: 'firmware:1065A34B1341:nope' })).toThrow(/DEMO_FAULTS/);
  });

  it('reads TRUST_PROXY as a list of proxy addresses and subnets', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', MQTT_URL: '', BANNER_MESSAGE: '  ', PORT: '' });
    expect(config.databaseUrl).toBeNull();
    expect(config.mqttUrl).toBeNull();
    expect(config.bannerMessage).toBeNull();
    expect(config.port).toBe(8080);
  });

  it('derives the public origin from PORT and normalises PUBLIC_ORIGIN', () => {
    expect(loadConfig({ PORT: '9000' }).publicOrigin).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://Console.Example.com/' }).publicOrigin).toBe(
      'https://console.example.com',
    );
  });

  it('reads DEMO=false as demo off', () => {
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ DEMO: 'FALSE' }).demo).toBe(false);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://db/powerdeck'],
    ['MQTT_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['DEMO', 'maybe'],
    ['SUPPORT_EMAIL', 'nobody'],
    ['PUBLIC_ORIGIN', 'console.example.com'],
    ['LOG_LEVEL', 'loud'],
    ['CLASSIC_UI_URL', 'ftp://old'],
    ['SIGNIN_RATE_LIMIT', '0'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,proxy.example.com'],
  ])('a bad %s value is refused with a message naming it', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it("puts the embedded broker on MQTT_PORT (1884 by default) on the HTTP side's host unless MQTT_HOST says otherwise", () => {
    expect(loadConfig({})).toMatchObject({ mqttPort: 1884, mqttHost: '127.0.0.1', mqttTls: null });
    expect(loadConfig({ DEMO: 'false' }).mqttHost).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '10.0.0.5' }).mqttHost).toBe('10.0.0.5');
    expect(loadConfig({ MQTT_HOST: '0.0.0.0', MQTT_PORT: '2883' })).toMatchObject({
      host: '127.0.0.1',
      mqttHost: '0.0.0.0',
      mqttPort: 2883,
    });
    expect(() => loadConfig({ MQTT_PORT: '1883x' })).toThrow(/MQTT_PORT must be a whole number/);
  });

  it('names the server by SERVER_NAME, else its host name and port, the same at every start', () => {
    expect(loadConfig({ PORT: '8081' }).serverName).toBe(`${hostname()}-8081`);
    expect(loadConfig({ SERVER_NAME: ' server1 ' }).serverName).toBe('server1');
    expect(() => loadConfig({ SERVER_NAME: 'server 1' })).toThrow(/SERVER_NAME must be/);
  });

  it('turns on MQTT over TLS only with both a readable certificate and key file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-config-tls-'));
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    writeFileSync(cert, 'cert');
    writeFileSync(key, 'key');
    try {
      expect(loadConfig({ MQTT_TLS_CERT: cert, MQTT_TLS_KEY: key }).mqttTls).toEqual({
        port: 8883,
        certFile: cert,
        keyFile: key,
      });
      expect(
        loadConfig({ MQTT_TLS_CERT: cert, MQTT_TLS_KEY: key, MQTT_TLS_PORT: '9883' }).mqttTls?.port,
      ).toBe(9883);
      expect(() => loadConfig({ MQTT_TLS_CERT: cert })).toThrow(/MQTT_TLS_KEY must be set too/);
      expect(() => loadConfig({ MQTT_TLS_KEY: key })).toThrow(/MQTT_TLS_CERT must be set too/);
      expect(() => loadConfig({ MQTT_TLS_CERT: join(dir, 'none.pem'), MQTT_TLS_KEY: key })).toThrow(
        /MQTT_TLS_CERT must be the path of a readable file/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('accepts the scale-out URLs', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/powerdeck',
      MQTT_URL: 'mqtt://broker:1883',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
    });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/powerdeck');
    expect(config.mqttUrl).toBe('mqtt://broker:1883');
    expect(config.smtpUrl).toBe('smtp://user:pass@mail.example.com:587');
  });
});
