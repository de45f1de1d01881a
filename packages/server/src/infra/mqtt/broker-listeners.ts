import { readFileSync } from 'node:fs';
import type { BrokerListenError } from './embedded-broker';

/** The certificate chain and key of the TLS listener, read from the files the config names. */
export function readTlsFiles(tls: { port: number; certFile: string; keyFile: string }): {
  port: number;
  cert: string;
  key: string;
} {
  return {
    port: tls.port,
    cert: readFileSync(tls.certFile, 'utf8'),
    key: readFileSync(tls.keyFile, 'utf8'),
  };
}

/** What an operator reads when the embedded broker cannot open its port: the variable to change. */
export function brokerListenMessage(error: BrokerListenError): string {
  const variable = error.listener === 'tls' ? 'MQTT_TLS_PORT' : 'MQTT_PORT';
  const address = `${error.host}:${error.port}`;
  if (error.code === 'EADDRINUSE') {
    return (
      `The embedded MQTT broker cannot listen on ${address}: the port is in use ` +
      `(another broker, e.g. a system Mosquitto, or another Powerdeck). ` +
      `Set ${variable} to a free port, or MQTT_URL to use that broker instead.`
    );
  }
  return (
    `The embedded MQTT broker cannot listen on ${address} (${error.code || 'error'}): ` +
    `check ${variable} and MQTT_HOST.`
  );
}
