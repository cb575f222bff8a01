import { expect, test } from '../support/fixtures';
import { mapReady } from '../support/families-helpers';
import { openAddDialog } from '../support/screens';

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

test('a map whose tiles cannot load says so, and its place can still be typed or clicked', async ({
  page,
}) => {
  // The tile server is unreachable: every tile request fails (this page's route comes before the tiles every
  // test's context is answered, support/map-tiles.ts).
  await page.route(/\/\d+\/\d+\/\d+\.png$/, (route) => route.abort('internetdisconnected'));
  const modal = await openAddDialog(page, '/all-schools', 'School');
  const map = await mapReady(modal.getByRole('region', { name: 'School location map' }));

  await expect(map.getByRole('status')).toHaveText(
    'The map background could not be loaded. Click the place anyway, or type its latitude and longitude.',
  );
  await modal.getByLabel('Latitude').fill('12.9352');
  await modal.getByLabel('Longitude').fill('77.6245');
  await expect(map.locator('.location-picker-point')).toBeVisible();
  // The notice lets clicks through to the map: a click where it lies picks a point.
  const notice = (await map.getByRole('status').boundingBox())!;
  const frame = (await map.boundingBox())!;
  await map.click({ position: { x: notice.x - frame.x + 20, y: notice.y - frame.y + notice.height / 2 } });
  await expect(modal.getByLabel('Latitude')).not.toHaveValue('12.9352');
});
