// The notifications feature's public face: the bell, and Settings → Notifications.
export { NotificationsSettings } from './components/notifications-settings.tsx';
