import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export default function Toaster() {
  return <Notifications position="top-right" />;
}
