import {
  MESSAGES,
  type AlertKind,
  type ComplianceOverride,
  type Credential,
  type CredentialKind,
  type credentialInputSchema,
  type Envelope,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api/api-client';
import { coalesce } from '../../lib/live/coalesce';
import { useLiveEvents } from '../../lib/live/live-hooks';
import { useResourceMutation } from '../../lib/api/resource-api';
import { COMPLIANCE, complianceSummaryQuery } from './compliance-summary-query';

/**
 * Calls of the compliance module, shared by the Compliance screen, a driver's page, the vehicles list, the trips
 * and the dashboard (features never import each other).
 */
export const CREDENTIALS = 'credentials';
export const CREDENTIAL_KINDS = 'credential-kinds';

export type CredentialPayload = z.output<typeof credentialInputSchema>;

async function dataOf<T>(request: Promise<SuccessEnvelope<T>>): Promise<T> {
  const answer = await request;
  if (answer.data === undefined) throw new ApiError(500, MESSAGES.serverError);
  return answer.data;
}

/** Every kind (an operator has a handful), for the forms' select and the settings. */
export function useCredentialKinds() {
  return useQuery({
    queryKey: [CREDENTIAL_KINDS, 'all'],
    queryFn: ({ signal }) =>
      dataOf(
        apiRequest<SuccessEnvelope<CredentialKind[]>>(
          'GET',
          `/${CREDENTIAL_KINDS}/get-all?limit=100`,
          undefined,
          {
            signal,
          },
        ),
      ),
  });
}

/** One holder's credentials (a driver has three or so), soonest expiry first. */
export function useHolderCredentials(holder: { driverId?: string; vehicleId?: string }) {
  const params = new URLSearchParams({ limit: '100', ...holder });
  return useQuery({
    queryKey: [CREDENTIALS, 'holder', holder],
    queryFn: ({ signal }) =>
      dataOf(
        apiRequest<SuccessEnvelope<Credential[]>>('GET', `/${CREDENTIALS}/get-all?${params}`, undefined, {
          signal,
        }),
      ),
  });
}

/** Adds or renews (one per holder and kind), then the scanned document if one was chosen. */
export function useSaveCredential() {
  return useResourceMutation({
    resource: CREDENTIALS,
    alsoRefresh: [COMPLIANCE],
    request: async ({ payload, document }: { payload: CredentialPayload; document: File | null }) => {
      const saved = await apiRequest<SuccessEnvelope<Credential>>('POST', `/${CREDENTIALS}/save`, payload);
      if (!document || !saved.data) return saved;
      const form = new FormData();
      form.append('id', saved.data.id);
      form.append('document', document);
      const uploaded = await apiRequest<Envelope<Credential>>('POST', `/${CREDENTIALS}/document`, form);
      if (!uploaded.success) throw new ApiError(200, MESSAGES.uploadFailed);
      return saved;
    },
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}

export function useDeleteCredential() {
  return useResourceMutation({
    resource: CREDENTIALS,
    alsoRefresh: [COMPLIANCE],
    request: (id: string) => apiRequest<SuccessEnvelope<unknown>>('DELETE', `/${CREDENTIALS}/delete/${id}`),
    fallbackMessage: MESSAGES.deleteFailed,
  });
}

/** Alerts that say the summary's figures moved: a credential expired or expiring, a bus taken off the road. */
const SUMMARY_ALERTS: ReadonlySet<AlertKind> = new Set([
  'CREDENTIAL_EXPIRED',
  'CREDENTIAL_EXPIRING',
  'VEHICLE_OUT_OF_SERVICE',
]);
/** The daily expiry run raises an alert per credential at once: one recount after the burst, not one per alert. */
const RECOUNT_QUIET_MS = 500;
const RECOUNT_MAX_MS = 2_000;

/**
 * Recounts the summary when the live stream says it changed (an alert of SUMMARY_ALERTS raised), and after the
 * stream (re)connects ('sync': what was loaded before may have missed events), as the alerts panel follows it.
 */
function useSummaryFollowsAlerts(): void {
  const client = useQueryClient();
  const recount = useMemo(
    () =>
      coalesce(
        () => void client.invalidateQueries({ queryKey: complianceSummaryQuery.queryKey }),
        RECOUNT_QUIET_MS,
        RECOUNT_MAX_MS,
      ),
    [client],
  );
  useEffect(() => () => recount.cancel(), [recount]);
  useLiveEvents({
    sync: () => recount.schedule(),
    // An acknowledgement arrives as the same alert with its time set: it changes no figure.
    alert: (alert) => {
      if (SUMMARY_ALERTS.has(alert.kind) && !alert.acknowledgedAt) recount.schedule();
    },
  });
}

/** The dashboard's panel, kept current by the live stream while it is shown. */
export function useComplianceSummary() {
  useSummaryFollowsAlerts();
  return useQuery(complianceSummaryQuery);
}

/** The overrides an admin recorded for a trip. */
export function useTripOverrides(tripId: string) {
  return useQuery({
    queryKey: [COMPLIANCE, 'trip', tripId],
    queryFn: ({ signal }) =>
      dataOf(
        apiRequest<SuccessEnvelope<ComplianceOverride[]>>(
          'GET',
          `/compliance/trips/${tripId}/overrides`,
          undefined,
          {
            signal,
          },
        ),
      ),
  });
}

export function useOverrideTrip(tripId: string) {
  return useResourceMutation({
    resource: COMPLIANCE,
    request: (reason: string) =>
      apiRequest<SuccessEnvelope<ComplianceOverride>>('POST', `/compliance/trips/${tripId}/override`, {
        reason,
      }),
    fallbackMessage: MESSAGES.somethingWentWrongSpaced,
  });
}
