/*
 * The family inbox's addresses, apart from family-inbox.ts and its schemas: the back-office's signed-in chrome asks
 * for the unread count on every screen, and a module with top-level zod calls would be evaluated with it (decision
 * 080), as notification-paths.ts is for the parent app.
 */

/** The API's addresses (below /api): the office's inbox and the parent portal's threads. */
export const FAMILY_INBOX_PATHS = {
  list: '/family-inbox',
  unread: '/family-inbox/unread',
  colleagues: '/family-inbox/colleagues',
  one: '/family-inbox/:id',
  read: '/family-inbox/:id/read',
  reply: '/family-inbox/:id/messages',
  assignee: '/family-inbox/:id/assignee',
  close: '/family-inbox/:id/close',
  reopen: '/family-inbox/:id/reopen',
  manifestNote: '/family-inbox/:id/manifest-note',
  parentList: '/parent/threads',
  parentOne: '/parent/threads/:id',
  parentMessages: '/parent/threads/:id/messages',
  parentRead: '/parent/threads/:id/read',
} as const;
