export default {
  notifications: 'Notifications',
  notificationsUnread: 'Notifications, {count} unread',
  unreadCount: '{count} unread',
  allCaughtUp: 'You are all caught up.',
  loading: 'Loading notifications...',
  loadFailed: 'Could not load notifications.',
  tryAgain: 'Try again',
  empty: 'No notifications yet',
  unread: 'Unread',
  dismissNamed: 'Dismiss {title}',
  markAllRead: 'Mark All Read',
};
