import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REVIEW_REASONS, type AddressFix, type AddressReview } from '@school-transport/shared';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import type { MapPoint } from '../../components/map/coordinates';
import { LazyLocationPicker } from '../../components/map/LazyLocationPicker';
import { RetryAlert } from '../../components/page/RetryAlert';
import { PageLoader } from '../../components/shell/PageLoader';
import { ApiError } from '../../lib/api/api-client';
import { useMayUse } from '../../lib/session/session';
import { formatCoordinates } from '../../lib/time/format';
import { useAddressReviews, useFixAddress } from './address-review-api';

/**
 * One address to fix: what the geocoder proposed (a button each), and a map to click the home on. A click only
 * marks the point; "Save this point" saves it, so a stray click changes nothing.
 */
function ReviewCard({ review }: { review: AddressReview }) {
  const { enqueueSnackbar } = useSnackbar();
  const fixAddress = useFixAddress();
  // The office's readers see the queue; placing a home is a write of the records, administrators' (decision 069).
  const mayFix = useMayUse('admin');
  const [clicked, setClicked] = useState<MapPoint | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (fix: AddressFix) => {
    setError(null);
    try {
      const answer = await fixAddress.mutateAsync({ studentId: review.studentId, fix });
      enqueueSnackbar(answer.message ?? 'Home point saved.', { variant: 'success' });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The point could not be saved. Try again.');
    }
  };

  return (
    <Card variant="outlined" component="section" aria-label={`${review.name}'s address`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {review.name}
          </Typography>
          <Typography variant="body2">
            {review.address} · parent {review.parentName}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {REVIEW_REASONS[review.status]}
          </Typography>
          {mayFix && review.candidates.length > 0 && (
            <Stack spacing={1} role="group" aria-label="The geocoder's places">
              {review.candidates.map((place) => (
                <Button
                  key={`${place.lat},${place.lng},${place.label}`}
                  variant="outlined"
                  sx={{ justifyContent: 'flex-start', textAlign: 'left' }}
                  disabled={fixAddress.isPending}
                  onClick={() => void save({ lat: place.lat, lng: place.lng, from: 'CANDIDATE' })}
                >
                  Use {place.label}
                </Button>
              ))}
            </Stack>
          )}
          {mayFix && (
            <>
              <LazyLocationPicker
                point={clicked}
                onPick={setClicked}
                label={`Map to place ${review.name}'s home`}
                height={240}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Button
                  variant="contained"
                  disabled={!clicked || fixAddress.isPending}
                  onClick={() => clicked && void save({ ...clicked, from: 'MAP' })}
                >
                  Save this point
                </Button>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {clicked ? formatCoordinates(clicked.lat, clicked.lng) : 'Click the home on the map.'}
                </Typography>
              </Stack>
            </>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Review addresses (decision 072): the homes the geocoder could not place, placed only vaguely, or found in
 * several places far apart. The office picks one of its places or clicks the home; the child is planned after.
 */
export function AddressReviewPage() {
  const reviews = useAddressReviews();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Review addresses
      </Typography>
      {reviews.isPending ? (
        <PageLoader />
      ) : reviews.isError ? (
        <RetryAlert error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.total === 0 ? (
        <Alert severity="info">Every address has its home point.</Alert>
      ) : (
        <>
          <Typography variant="body2">
            {reviews.data.total === 1 ? '1 address waits' : `${reviews.data.total} addresses wait`}
            {reviews.data.total > reviews.data.reviews.length
              ? `; the oldest ${reviews.data.reviews.length} are shown.`
              : '.'}
          </Typography>
          {reviews.data.reviews.map((review) => (
            <ReviewCard key={review.studentId} review={review} />
          ))}
        </>
      )}
    </Stack>
  );
}
