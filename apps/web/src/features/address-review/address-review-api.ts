import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GEOCODING_PATHS,
  geocodingFixPath,
  type AddressFix,
  type AddressReviewList,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { apiRequest } from '../../lib/api/api-client';

const ROOT = ['geocoding', 'reviews'] as const;

/** The addresses the geocoder could not place well, oldest first. */
export const useAddressReviews = () =>
  useQuery({
    queryKey: ROOT,
    queryFn: async () =>
      (await apiRequest<SuccessEnvelope<AddressReviewList>>('GET', GEOCODING_PATHS.reviews)).data!,
  });

/** The office's fix of one address: a candidate picked or a point clicked; the queue reloads after. */
export function useFixAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, fix }: { studentId: string; fix: AddressFix }) =>
      apiRequest<SuccessEnvelope<unknown>>('POST', geocodingFixPath(studentId), fix),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['geocoding'] }),
  });
}
