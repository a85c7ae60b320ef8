import { expect, test, type Locator, type Page } from './walk';
import { fixturesFor } from '../components/serve';

/** Every field kind of the entity dialog's registry, in Chromium: what each shows, holds and refuses. */
const base = fixturesFor(test);

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Every field' });
const submit = (d: Locator) => d.getByRole('button', { name: 'Save', exact: true }).click();
const output = async (page: Page) => JSON.parse((await page.locator('#out').textContent()) || 'null') as Record<string, unknown>;

test('an empty form: each kind shows its schema message', async ({ page }) => {
  await page.goto(`${base()}/index.html?fixture=fields`);
  const d = dialog(page);
  await submit(d);
  // Each message is an alert of its field (a row's cells carry their own).
  const alert = (text: string) => d.getByRole('alert').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\!]/g, '\\$&')}$`) });
  for (const message of ['Enter a title!', 'Enter a fee', 'Select a language!', 'Please select a level', 'Please select at least one business idea', 'Add Groups', 'Enter a  Event Date!', 'Enter a Start Time!', 'Select a video', 'Select a language', 'Enter a tip']) {
    await expect(alert(message)).toBeVisible();
  }
  await expect(page.locator('#out')).toHaveText('');
});

test('text, textarea with its counter, number in rupees, select and numeric select', async ({ page }) => {
  await page.goto(`${base()}/index.html?fixture=fields`);
  const d = dialog(page);
  await d.getByRole('textbox', { name: 'Title' }).fill('  Spring fair  ');
  const bio = d.getByRole('textbox', { name: 'Bio' });
  await bio.fill('Short bio');
  await expect(d.getByTestId(/-bio-counter$/)).toHaveText('9 / 20');
  // The box takes at most the limit.
  await bio.fill('x'.repeat(30));
  await expect(d.getByTestId(/-bio-counter$/)).toHaveText('20 / 20');
  const fee = d.getByRole('spinbutton', { name: 'Fee' });
  await fee.fill('-5');
  await submit(d);
  await expect(d.getByText('The fee cannot be negative')).toBeVisible();
  await fee.fill('125000');
  await expect(d.getByText('₹1,25,000 (INR)')).toBeVisible();
  await expect(d.getByText('The fee cannot be negative')).toBeHidden();
  await d.getByRole('combobox', { name: 'Language', exact: true }).selectOption('Hindi');
  await d.getByRole('combobox', { name: 'Level' }).selectOption('2');
  await expect(d.getByText('Please select a level')).toBeHidden();
});

test('multiselect with Select All and Deselect All; tags typed with commas; switch', async ({ page }) => {
  await page.goto(`${base()}/index.html?fixture=fields`);
  const d = dialog(page);
  await d.getByRole('button', { name: 'Select All', exact: true }).click();
  await expect(d.getByText('4 of 4 selected')).toBeVisible();
  await expect(d.getByRole('combobox', { name: 'Business ideas' })).toHaveText('4 business ideas');
  await d.getByRole('button', { name: 'Deselect All' }).click();
  await expect(d.getByText('0 of 4 selected')).toBeVisible();
  await d.getByRole('combobox', { name: 'Business ideas' }).click();
  // A list of choices (listbox, several selectable), not a menu of commands.
  await expect(page.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await page.getByRole('listbox').getByRole('option', { name: 'Dairy', exact: true }).click();
  await expect(page.getByRole('listbox').getByRole('option', { name: 'Dairy', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(d.getByText('1 of 4 selected')).toBeVisible();

  await d.getByRole('textbox', { name: 'Groups' }).fill(' growth, sales,, Growth ,marketing');
  await d.getByRole('textbox', { name: 'Groups' }).press('Enter');
  await expect(d.getByRole('list', { name: 'Groups added' }).getByRole('listitem')).toHaveText(['growth', 'sales', 'marketing']);
  await expect(d.getByText('3 entries')).toBeVisible();

  const live = d.getByRole('switch', { name: 'Draft' });
  await live.click();
  await expect(d.getByRole('switch', { name: 'Live' })).toBeChecked();
});

test('a full valid form: date as D-MM-YYYY, time as HH:mm, duration parts, a picked file, rows and a library video', async ({ page }) => {
  await page.goto(`${base()}/index.html?fixture=fields`);
  const d = dialog(page);
  await d.getByRole('textbox', { name: 'Title' }).fill('Spring fair');
  await d.getByRole('spinbutton', { name: 'Fee' }).fill('0');
  await d.getByRole('combobox', { name: 'Language', exact: true }).selectOption('English');
  await d.getByRole('combobox', { name: 'Level' }).selectOption('3');
  await d.getByRole('button', { name: 'Select All', exact: true }).click();
  await d.getByRole('textbox', { name: 'Groups' }).fill('growth');
  // Typed as a person writes it; leaving the box tidies it to D-MM-YYYY.
  await d.getByRole('textbox', { name: 'Event date' }).fill('05/03/2026');
  await d.getByLabel('Start time').fill('09:30');

  // Duration: over the limits is refused with the part's message.
  await d.getByLabel('Hours').fill('1');
  await d.getByLabel('Minutes').fill('75');
  await d.getByLabel('Seconds').fill('5');
  await submit(d);
  await expect(d.getByText('Minutes are 0 to 59')).toBeVisible();
  await d.getByLabel('Minutes').fill('15');

  // A file: picked (granted in main), shown with its size; removing asks first.
  await d.getByRole('button', { name: 'Choose image… (Picture)', exact: true }).click();
  await expect(d.getByText('picture-1.png')).toBeVisible();
  await expect(d.getByText('3.0 MB')).toBeVisible();
  await d.getByRole('button', { name: 'Remove picture-1.png' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove the file?' });
  await confirm.getByRole('button', { name: 'Keep' }).click();
  await expect(d.getByText('picture-1.png')).toBeVisible();

  // Rows: fill the first, add a second, delete it again (the focus stays in the list).
  await d.getByRole('combobox', { name: 'Language 1' }).selectOption('Hindi');
  await d.getByRole('textbox', { name: 'Text 1' }).fill('Save a little every day');
  await d.getByRole('button', { name: 'Add tip' }).click();
  await expect(d.getByRole('textbox', { name: 'Text 2' })).toBeFocused();
  await d.getByRole('button', { name: 'Delete tip 2' }).click();
  await expect(d.getByRole('textbox', { name: 'Text 2' })).toHaveCount(0);

  // The library video: only videos of the form's language, narrowed by the search.
  const video = d.getByRole('combobox', { name: 'Video', exact: true });
  await expect(video.locator('option')).toHaveText(['Select a video', 'Selling basics (101)', 'Pricing with margins (104)']);
  await d.getByRole('searchbox', { name: 'Search Video' }).fill('pricing');
  await expect(video.locator('option')).toHaveText(['Select a video', 'Pricing with margins (104)']);
  await video.selectOption('v4');

  await submit(d);
  await expect(d).toBeHidden();
  expect(await output(page)).toEqual({
    title: 'Spring fair',
    bio: '',
    fee: 0,
    language: 'English',
    level: 3,
    ideas: ['tailoring', 'dairy', 'kirana', 'poultry'],
    groups: ['growth'],
    live: false,
    date: '5-03-2026',
    start: '09:30',
    hours: 1,
    minutes: 15,
    seconds: 5,
    picture: { grantId: 'g1' },
    tips: [{ language: 'Hindi', text: 'Save a little every day' }],
    video: 'v4',
  });
});

test('removing a picked file after the question leaves the field empty', async ({ page }) => {
  await page.goto(`${base()}/index.html?fixture=fields`);
  const d = dialog(page);
  await d.getByRole('button', { name: 'Choose image… (Picture)', exact: true }).click();
  await d.getByRole('button', { name: /^Remove picture-/ }).click();
  await page.getByRole('alertdialog', { name: 'Remove the file?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(d.getByText(/^picture-/)).toHaveCount(0);
});
