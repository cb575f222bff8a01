import type { PushSubscriptionInput } from '@school-transport/shared';
import { describeUserAgent } from '../../lib/device/user-agent';
import { PARENT_SCOPE, registerParentWorker } from './service-worker';

/**
 * What this browser can do about push notifications:
 * - 'supported': service workers and PushManager are there;
 * - 'ios-home-screen': an iPhone or iPad in Safari's tab, where Web Push exists only for an app added to the home
 *   screen (iOS 16.4 and later);
 * - 'insecure': the page is not served over https (nor from localhost), where browsers offer no push at all;
 * - 'unsupported': a browser without Web Push.
 */
export type PushSupport = 'supported' | 'ios-home-screen' | 'insecure' | 'unsupported';
export type Platform = 'android' | 'ios' | 'desktop';

export interface BrowserTraits {
  userAgent: string;
  maxTouchPoints: number;
  secure: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  standalone: boolean;
}

export function currentTraits(): BrowserTraits {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    secure: window.isSecureContext,
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
    standalone:
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as { standalone?: boolean }).standalone === true,
  };
}

export function platformOf({
  userAgent,
  maxTouchPoints,
}: Pick<BrowserTraits, 'userAgent' | 'maxTouchPoints'>): Platform {
  if (/Android/i.test(userAgent)) return 'android';
  // iPadOS presents itself as a Mac; its touch screen tells it apart.
  if (/iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1))
    return 'ios';
  return 'desktop';
}

export function pushSupport(traits: BrowserTraits): PushSupport {
  if (!traits.secure) return 'insecure';
  if (traits.hasServiceWorker && traits.hasPushManager && traits.hasNotification) return 'supported';
  if (platformOf(traits) === 'ios' && !traits.standalone) return 'ios-home-screen';
  return 'unsupported';
}

/** The VAPID key as pushManager.subscribe takes it: the bytes of its base64url text. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export interface PushCalls {
  key: () => Promise<string>;
  save: (subscription: PushSubscriptionInput) => Promise<unknown>;
  remove: (endpoint: string) => Promise<unknown>;
}

/** The parent said no (or had said no before): the screen explains how to allow them (push.denied). */
export class PushPermissionDenied extends Error {
  constructor() {
    super('Notifications are blocked for this site');
    this.name = 'PushPermissionDenied';
  }
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration(PARENT_SCOPE)) ?? registerParentWorker();
}

/** This phone's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const found = await navigator.serviceWorker.getRegistration(PARENT_SCOPE);
  return (await found?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission, subscribes with the server's key and stores the subscription on the server. */
export async function enablePush(calls: PushCalls): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const worker = await registration();
  const publicKey = await calls.key();
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(publicKey),
  });
  const json = subscription.toJSON() as PushSubscriptionInput;
  try {
    await calls.save({ ...json, label: describeUserAgent(navigator.userAgent) });
  } catch (error) {
    // A subscription the server does not know would never receive anything: undo it so the switch tells the truth.
    await subscription.unsubscribe();
    throw error;
  }
}

/** Unsubscribes this phone and tells the server to forget it. */
export async function disablePush(calls: PushCalls): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await calls.remove(endpoint);
}
