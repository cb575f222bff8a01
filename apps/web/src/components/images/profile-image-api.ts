import {
  MESSAGES,
  type Envelope,
  type ProfileImageKind,
  type SuccessEnvelope,
} from '@school-transport/shared';
import { ApiError, apiRequest } from '../../lib/api/api-client';
import { useResourceMutation } from '../../lib/api/resource-api';

/** The resource whose rows show the photo, refreshed once a new one is stored. */
const RESOURCE_OF_KIND: Record<ProfileImageKind, string> = {
  driver: 'drivers',
  parent: 'parents',
  student: 'students',
  vehicle: 'vehicles',
  stop: 'stops',
  // An adult's photo shows on the child's page, under the students' key.
  'authorized-adult': 'students',
};

export interface ProfileImageUpload {
  id: string;
  image: File;
}

async function uploadProfileImage(kind: ProfileImageKind, { id, image }: ProfileImageUpload) {
  const form = new FormData();
  form.append('id', id);
  form.append('image', image);
  const answer = await apiRequest<Envelope<{ profileImage: string }>>(
    'POST',
    `/upload/profile/${kind}/add-profile-image`,
    form,
  );
  // A 2xx answer that does not report success is a failure with a message of its own.
  if (!answer.success) throw new ApiError(200, MESSAGES.somethingWentWrong);
  return answer;
}

/** `reportFailure: false` leaves the failure's wording to the caller (see useResourceMutation). */
export function useUploadProfileImage(kind: ProfileImageKind, { reportFailure = true } = {}) {
  return useResourceMutation({
    resource: RESOURCE_OF_KIND[kind],
    request: (upload: ProfileImageUpload) => uploadProfileImage(kind, upload),
    fallbackMessage: MESSAGES.uploadFailed,
    reportFailure,
  });
}

/** A record's photo removed (the caller asks first): DELETE /api/upload/profile/{kind}/{id}. */
export function useRemoveProfileImage(kind: ProfileImageKind) {
  return useResourceMutation({
    resource: RESOURCE_OF_KIND[kind],
    request: (id: string) =>
      apiRequest<SuccessEnvelope<{ profileImage: null }>>('DELETE', `/upload/profile/${kind}/${id}`),
    fallbackMessage: MESSAGES.somethingWentWrong,
  });
}
