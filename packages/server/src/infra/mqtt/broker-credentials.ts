/**
 * A broker outside the server (Mosquitto with its dynamic-security plugin) keeps its own copy of
 * each device's credential and topic rule; the server tells it when a device gets a credential and
 * when it loses it. The embedded broker checks the server's database itself and needs none.
 */
export interface BrokerCredentialSink {
  /**
   * Lets `devId` connect (client id = user name = devId) with this password, confined to its own
   * topic root by the device protocol's rule; replaces any password it had.
   */
  grant(devId: string, password: string): Promise<void>;
  /** Refuses `devId` from now on and disconnects it if it is connected; no error when unknown. */
  revoke(devId: string): Promise<void>;
}
