import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, openDashboard, test } from '../support/fixtures';

/**
 * CSV in and out as the office uses it: a families file with mistakes is checked (nothing written, each problem by
 * line and column), its columns are mapped, the file is fixed and imported, and the families are in the Parents
 * list, which exports what it shows.
 */

// Every test here works as the signed-in admin: its browser starts with the session its worker saved.
test.use({ adminSignedIn: true });

const HEADER =
  'Family ID,Parent Name,Contact,Phone,Alternative Phone,Address,City,State,ZIP,Child ID,Child Name,Class,Roll No,Latitude,Longitude';
const row = (tag: string, family: number, child: number, email = `import-${tag}-${family}@example.com`) =>
  [
    `F-${tag}-${family}`,
    `Imported ${tag} ${family}`,
    email,
    '+91 98765 43210',
    '+91 98765 43211',
    `${family} Lake Road`,
    'Bengaluru',
    'Karnataka',
    '560001',
    `C-${tag}-${family}-${child}`,
    `Kid ${tag} ${family}-${child}`,
    '4B',
    `${family}${child}`,
    '12.97',
    '77.59',
  ].join(',');

test('the office imports a families file: problems by line and column, mapping, commit, then the Parents list and its CSV', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  await openDashboard(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Data' }).click();
  await expect(page).toHaveURL('/data');
  const panel = page.getByRole('region', { name: 'Import from CSV' });

  const broken = [HEADER, row(tag, 1, 1), row(tag, 1, 2), row(tag, 2, 1, 'not-an-email')].join('\n');
  await panel
    .getByLabel('CSV file')
    .setInputFiles({ name: 'families.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
  await panel.getByRole('button', { name: 'Check file' }).click();
  // 'Contact' is not a name the e-mail column is guessed from: the office chooses it.
  await expect(panel.getByText('1 problem to fix')).toBeVisible();
  await expect(panel.getByRole('row', { name: /Choose the column that holds Parent email/ })).toBeVisible();
  await panel.getByRole('combobox', { name: 'Parent email' }).click();
  await page.getByRole('option', { name: 'Contact' }).click();
  await panel.getByRole('button', { name: 'Check again' }).click();
  const problem = panel.getByRole('row', { name: /^4 Contact/ });
  await expect(problem).toContainText(/email/i);
  await expect(panel.getByRole('button', { name: /^Import/ })).toHaveCount(0);

  const fixed = [HEADER, row(tag, 1, 1), row(tag, 1, 2), row(tag, 2, 1)].join('\n');
  await panel
    .getByLabel('CSV file')
    .setInputFiles({ name: 'families.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await panel.getByRole('button', { name: 'Check file' }).click();
  await panel.getByRole('combobox', { name: 'Parent email' }).click();
  await page.getByRole('option', { name: 'Contact' }).click();
  await panel.getByRole('button', { name: 'Check again' }).click();
  await expect(panel.getByText('3 rows checked: no problem found.')).toBeVisible();
  await panel.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(panel.getByText('Imported 3 rows: 5 created, 0 updated, 0 unchanged.')).toBeVisible();

  await panel.getByRole('link', { name: 'See them' }).click();
  await expect(page).toHaveURL('/all-parents');
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page.getByRole('cell', { name: `Imported ${tag} 1`, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: `Imported ${tag} 2`, exact: true })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^parents-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(3);
  expect(csv).toContain(`Imported ${tag} 2`);
});
