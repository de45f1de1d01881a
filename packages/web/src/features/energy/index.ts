/** What other features use of Energy Usage: the location's month at the top of All Devices. */
export { LocationEnergyCard } from './components/location-energy-card';
