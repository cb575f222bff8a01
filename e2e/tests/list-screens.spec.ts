import { expect, openDashboard, test } from '../support/fixtures';
import { busRoutePayload, driverPayload, uniqueTag, vehiclePayload } from '@school-transport/testing';
import { createThroughApi } from '../support/api';
import { searchList, summary } from '../support/screens';

/** The list pattern is one component; each screen is checked to use it against its own resource. */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });
const LISTS = [
  { menu: 'Drivers', path: '/all-drivers', resource: 'drivers', payload: driverPayload },
  { menu: 'Vehicles', path: '/all-vehicles', resource: 'vehicles', payload: vehiclePayload },
  { menu: 'Routes', path: '/all-routes', resource: 'routes', payload: busRoutePayload },
] as const;

for (const { menu, path, resource, payload } of LISTS) {
  test(`${menu}: pages through a search, keeping page, size and search in the address`, async ({ page }) => {
    const tag = uniqueTag();
    for (let index = 1; index <= 6; index += 1) await createThroughApi(page, resource, payload(tag, index));

    await openDashboard(page);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: menu, exact: true })
      .click();
    await expect(page).toHaveURL(path);
    await searchList(page, `  ${tag}  `);
    await expect(page).toHaveURL(`${path}?search=${tag}`);
    await expect(summary(page)).toHaveText('Showing 1–6 of 6 records');

    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await expect(page).toHaveURL(`${path}?search=${tag}&limit=5`);
    await expect(summary(page)).toHaveText('Showing 1–5 of 6 records');
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(6); // header + 5

    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await expect(page).toHaveURL(`${path}?search=${tag}&limit=5&page=2`);
    await expect(summary(page)).toHaveText('Showing 6–6 of 6 records');
    // SL counts on across pages; newest first, so the first record created is the last one.
    await expect(rows.nth(1).getByRole('cell').first()).toHaveText('6');

    await page.reload();
    await expect(summary(page)).toHaveText('Showing 6–6 of 6 records');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(tag);
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveText('5');

    await page.goBack();
    await expect(summary(page)).toHaveText('Showing 1–5 of 6 records');

    // A page past the end (an old link) moves to the last page there is.
    await page.goto(`${path}?search=${tag}&limit=5&page=9`);
    await expect(page).toHaveURL(`${path}?search=${tag}&limit=5&page=2`);
    await expect(summary(page)).toHaveText('Showing 6–6 of 6 records');
  });

  test(`${menu}: says so when nothing matches, and treats a broken address as the defaults`, async ({
    page,
  }) => {
    const search = `${uniqueTag()}-nothing`;
    await page.goto(`${path}?page=4&limit=7&search=${search}`);
    await expect(page.getByText('No Data Found!')).toBeVisible();
    await expect(summary(page)).toHaveText('Showing 0–0 of 0 records');
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveText('10');
    // There is no page 4 of nothing: the address is put back to the first page.
    await expect(page).toHaveURL(`${path}?search=${search}`);
  });
}

test('a list that could not be loaded says so and offers Retry, which loads it', async ({ page }) => {
  const driversList = /\/api\/drivers\/get-all/;
  // The server answers "busy" to every attempt (the client's own two retries included) until it is let through.
  await page.route(driversList, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, type: 'error', message: 'The server is busy.' }),
    }),
  );
  await page.goto('/all-drivers');
  const problem = page.getByRole('alert').filter({ hasText: 'Failed to fetch drivers data!' });
  await expect(problem).toBeVisible();

  await page.unroute(driversList);
  await problem.getByRole('button', { name: 'Retry' }).click();

  await expect(summary(page)).toBeVisible();
  await expect(problem).toHaveCount(0);
});
