/** What tests, e2e and benchmarks use to run the server in-process. */
export { buildApp, type AppDeps } from './app';
export { loadConfig, ConfigError, type Config, type RetentionSettings } from './config';
export { openDatabase, type Database, type DatabaseOptions } from './infra/db/database';
export { migrate } from './infra/db/migrate';
export { seedDemo } from './demo/seed';
export { systemClock, type Clock } from './infra/clock';
export { createArgon2Hasher, type PasswordHasher } from './infra/passwords';
export type { Mailer, MailMessage } from './infra/mail/mailer';
export type { DeviceArea, DeviceAreaOptions } from './areas/devices/device-area';
export { deriveDeviceSecret } from '@powerdeck/domain/device-credentials';
export { startEmbeddedBroker, type EmbeddedBroker } from './infra/mqtt/embedded-broker';
export { connectDeviceLink, type DeviceLink } from './infra/mqtt/device-link';
export {
  buildDeviceWorld,
  clearRetained,
  insertPlan,
  LiveClock,
  TEST_DEVICE_KEY,
} from './test/devices';
export { SseClient, eventually } from './test/sse';
export { SearchRepository, type SearchScope } from './areas/search/search.repository';
export { SearchService } from './areas/search/search.service';
export { createJobQueue } from './infra/jobs/job-queue';
export { SchedulePlanner } from './areas/schedules/scheduler';
export { SchedulesRepository } from './areas/schedules/schedules.repository';
export { EnergyRepository } from './areas/energy/energy.repository';
export { EnergyService } from './areas/energy/energy.service';
export { PermissionsRepository } from './areas/permissions/permissions.repository';
export { EnergyRollups } from './areas/energy-rollups/energy-rollups';
export { EnergyRollupsRepository } from './areas/energy-rollups/energy-rollups.repository';
export { Retention, type RetentionRun } from './areas/retention/retention';
export { RetentionRepository } from './areas/retention/retention.repository';
// Real processes for the several-server benchmarks (the fault drill, the scale bench).
export { DEMO_PASSWORD, demoEmail } from './demo/demo-data';
export { SERVICE_USERNAME } from './infra/mqtt/broker-access';
export { initialDynsecConfig } from './infra/mqtt/dynsec-config';
export { createPostgresDatabase } from './test/databases';
export { type Answer, cookieOf, request } from './test/one-request';
export { freePort } from './test/ports';
export { startRoundRobinProxy } from './test/round-robin-proxy';
export { type ServerProcess, startServerProcess } from './test/server-process';
export { type MosquittoProcess, bridgeConfiguration, startMosquitto } from './test/mosquitto';
