/** The parent portal's addresses: everything under /parent, so its service worker's scope covers it all. */
export const parentPaths = {
  today: '/parent',
  signIn: '/parent/sign-in',
  history: (childId: string) => `/parent/children/${encodeURIComponent(childId)}/history`,
  adults: (childId: string) => `/parent/children/${encodeURIComponent(childId)}/adults`,
  notifications: '/parent/notifications',
  stopChanges: '/parent/stop-changes',
  messages: '/parent/messages',
  threads: '/parent/threads',
  guardians: '/parent/guardians',
  account: '/parent/account',
} as const;
