import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { TOAST_MS, TOAST_POSITION } from '@powerdeck/domain';

/**
 * Where toasts show (spec §9: top-centre, 5 s). Every toast of the console comes from a signed-in
 * page, so the container lives in the signed-in shell and the sign-in page does not load it
 * (issue 18, the login route's budget).
 */
export function ToastHost() {
  return <Notifications position={TOAST_POSITION} autoClose={TOAST_MS} />;
}
