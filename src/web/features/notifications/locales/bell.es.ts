import type en from './bell.en.ts';

export default {
  notifications: 'Notificaciones',
  notificationsUnread: 'Notificaciones, {count} sin leer',
  unreadCount: '{count} sin leer',
  allCaughtUp: 'No tiene nada pendiente.',
  loading: 'Cargando notificaciones...',
  loadFailed: 'No se pudieron cargar las notificaciones.',
  tryAgain: 'Intentar de nuevo',
  empty: 'Todavía no hay notificaciones',
  unread: 'Sin leer',
  dismissNamed: 'Quitar {title}',
  markAllRead: 'Marcar todo como leído',
} satisfies Record<keyof typeof en, string>;
