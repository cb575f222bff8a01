import type { ManifestFieldTrip } from '@school-transport/shared';
import { Card, Heading, Stack, Text } from '../kit';
import { useT } from '../i18n';

/**
 * A field trip's bus (decisions 073 and 078): where the group goes and when, and the group. With a list of children
 * they are the manifest's riders below, scanned as on a run; without one, the group is a count and nobody is
 * scanned.
 */
export function FieldTripCard({ trip }: { trip: ManifestFieldTrip }) {
  const { t } = useT();
  return (
    <Card>
      <Stack gap={1}>
        <Heading level={2}>
          {t('trip.fieldTrip.title', { destination: trip.destinationName, school: trip.schoolName })}
        </Heading>
        <Text>{t('trip.fieldTrip.times', { depart: trip.departTime, back: trip.returnTime })}</Text>
        <Text>
          {t('trip.fieldTrip.group', {
            pupils: trip.pupils,
            adults: trip.adults,
            wheelchairs: trip.wheelchairPlaces,
          })}
        </Text>
        {trip.notes && <Text tone="muted">{trip.notes}</Text>}
        <Text tone="muted" size="small">
          {trip.children > 0
            ? t('trip.fieldTrip.listed', { children: trip.children })
            : t('trip.fieldTrip.noList')}
        </Text>
      </Stack>
    </Card>
  );
}
