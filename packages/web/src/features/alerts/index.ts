/** What other features use of alerts: a location's alert settings (Location Settings). */
export { getAlertSettings, setAlertSettings } from './api/alerts-api';
