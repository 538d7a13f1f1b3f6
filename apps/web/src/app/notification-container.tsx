import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import classes from './notification-container.module.css';

/**
 * Spec §4 and §9: notifications top-right (below the header bar, so they never hide the language switcher or the
 * account menu), 5 at once, 4000 ms, 250 ms transition. Loaded after the first paint: a notification raised before
 * it is there waits in the store and shows as soon as it is.
 */
export default function NotificationContainer() {
  return (
    <Notifications
      position="top-right"
      limit={5}
      autoClose={4000}
      transitionDuration={250}
      containerWidth={440}
      notificationMaxHeight={200}
      zIndex={400}
      classNames={{ root: classes.notifications }}
    />
  );
}
