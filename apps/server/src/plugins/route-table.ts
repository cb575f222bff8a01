import type { FastifyInstance } from 'fastify';
import type { Access } from './authentication.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with who may call it: the authorization matrix test is built from this. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

/** Keeps app.routeTable: every API route as it is added, with its declared access ('admin' when none is). */
export function addRouteTable(app: FastifyInstance): void {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', function recordRoute(route) {
    // The docs pages are static files, not API calls; HEAD twins of GET routes add nothing.
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routeTable.push({ method, url: route.url, access: route.config?.access ?? 'admin' });
    }
  });
}
