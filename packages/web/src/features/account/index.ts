/** What other features use of the profile pages: their frame, for a profile tab shown elsewhere. */
export { ProfileLayout } from './components/profile-layout';
