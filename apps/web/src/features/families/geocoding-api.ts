import { useQuery } from '@tanstack/react-query';
import {
  GEOCODING_PATHS,
  type AddressSearch,
  type GeocoderStatus,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';

/** Whether the server has a geocoder (GEOCODER_URL): asked once a session, it does not change while running. */
export const useGeocoderStatus = () =>
  useQuery({
    queryKey: ['geocoding', 'status'],
    queryFn: async () =>
      (await apiRequest<SuccessEnvelope<GeocoderStatus>>('GET', GEOCODING_PATHS.status)).data!,
    staleTime: Infinity,
  });

/** The geocoder's places for a typed address (through our API: the browser never calls the geocoder). */
export const useAddressSearch = (
  q: string,
  parts: { addressCity: string; addressCountry: string },
  enabled: boolean,
) =>
  useQuery({
    queryKey: ['geocoding', 'search', q, parts.addressCity, parts.addressCountry],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ q });
      if (parts.addressCity) query.set('addressCity', parts.addressCity);
      if (/^[A-Za-z]{2}$/.test(parts.addressCountry)) query.set('addressCountry', parts.addressCountry);
      const answer = await apiRequest<SuccessEnvelope<AddressSearch>>(
        'GET',
        `${GEOCODING_PATHS.search}?${query}`,
        undefined,
        { signal },
      );
      return answer.data!;
    },
    enabled,
    // An address's places do not move: a second look at the same text is not asked again.
    staleTime: Infinity,
  });
