import { type PublicConfig, callTable } from '@powerdeck/domain';
import type { Config } from '../../config';
import type { CallRegistry } from '../../http/contract';

export function publicConfigOf(config: Config): PublicConfig {
  const banner = config.bannerMessage?.trim();
  return {
    brand: 'Powerdeck',
    bannerMessage: banner ? banner : null,
    classicUiUrl: config.classicUiUrl,
    supportEmail: config.supportEmail,
    supportPhone: config.supportPhone,
    trackingId: config.trackingId,
    demo: config.demo,
  };
}

/** What the console needs before sign-in (brand, banner, support contacts, demo flag). */
export function registerConfigRoutes(calls: CallRegistry, config: Config): void {
  const body = publicConfigOf(config);
  calls.implement(callTable.config, { public: () => body });
}
