/**
 * Fixtures of the course, directory and topic specs: thumbnails made for the test (ffmpeg), records
 * created through the host's window.api when a test needs them to start from, and the two ways to reorder rows.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Language } from '../../src/shared/constants';
import type { Course, CourseDocument } from '../../src/shared/schemas/courses';
import { unique } from './helpers';
import { hostApi } from './host-api';
import { queuePick, tempDir } from './library-fixtures';

/** A png of `size` x `size` (noise, so that it is not tiny: the upload shows progress). */
export function makeImage(size = 800, name = `thumb-${unique()}.png`): string {
  const path = join(tempDir(), name);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', `nullsrc=s=${size}x${size},geq=random(1)*255:128:128`, '-frames:v', '1', '-y', path], { stdio: 'pipe' });
  return path;
}

/** Sets the remembered course language (null: all) in main's settings (the app reads it when it starts). */
export async function rememberLanguage(language: Language | null): Promise<void> {
  const result = await hostApi.settings.setPreferences({ courseLanguage: language });
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

/**
 * Creates a course through the host's window.api (its thumbnail granted through the open dialog's
 * stand-in), the host signed in (hostSignedIn or signedIn): no load of the app is needed for it.
 */
export async function createCourse(
  request: APIRequestContext,
  fields: { name?: string; language?: Language; courseFee?: number; hasOnlyVideos?: boolean } = {},
): Promise<Course> {
  await queuePick(request, makeImage(64));
  const name = fields.name ?? `Course ${unique()}`;
  const grant = await hostApi.files.pick({ kind: 'image' });
  if (!grant.ok || !grant.data) throw new Error(`pick failed: ${JSON.stringify(grant)}`);
  const created = await hostApi.videoRepository.createCourse({
    name,
    language: fields.language ?? 'English',
    courseFee: fields.courseFee ?? 0,
    description: 'Made by an end-to-end test.',
    hasOnlyVideos: fields.hasOnlyVideos ?? false,
    thumbnail: { grantId: grant.data.grantId },
  });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const list = await hostApi.videoRepository.courses();
  const course = list.ok ? list.data.find((c) => c.name === name) : undefined;
  expect(course, JSON.stringify(list)).toBeTruthy();
  return course!;
}

/** Creates a folder through the host's window.api (the host signed in) and returns it. */
export async function createFolder(courseId: string, parent: string, title = `Folder ${unique()}`): Promise<CourseDocument> {
  const created = await hostApi.videoRepository.createDocument({ type: 'folder', title, description: '', courseId, parent });
  expect(created.ok, JSON.stringify(created)).toBe(true);
  const listing = await hostApi.videoRepository.document({ id: parent || courseId });
  const doc = listing.ok ? listing.data.descendants.find((d) => d.title === title) : undefined;
  expect(doc, JSON.stringify(listing)).toBeTruthy();
  return doc!;
}

/**
 * Keyboard reorder: focuses the handle of row `index` (1-based), picks it up with Space, moves it down
 * over the row `overId`, drops it. A key press that lands before dnd-kit's keyboard sensor is ready
 * moves nothing, so the press repeats only while the live region does not name `overId` yet.
 */
export async function keyboardMoveDown(page: Page, index: number, overIds: readonly string[]): Promise<void> {
  await page.getByRole('button', { name: `Drag row ${index}`, exact: true }).focus();
  await page.keyboard.press('Space');
  for (const id of overIds) {
    const announced = page.getByText(new RegExp(`moved over droppable area ${id}\\.`));
    await expect(async () => {
      if ((await announced.count()) === 0) await page.keyboard.press('ArrowDown');
      await expect(announced).toBeAttached({ timeout: 750 });
    }).toPass({ timeout: 10_000 });
  }
  await page.keyboard.press('Space');
}

/** Mouse reorder: drags row `index`'s handle (1-based) onto `target` (a row) in small steps. */
export async function mouseDrag(page: Page, index: number, target: Locator): Promise<void> {
  const handle = page.getByRole('button', { name: `Drag row ${index}`, exact: true });
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('The rows to drag are not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the 4 px activation distance first, then to the middle of the target row.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 4, { steps: 12 });
  await page.mouse.up();
  // dnd-kit's pointer sensor swallows clicks for 50 ms after a drop (a timer, late on a loaded machine), so
  // that the drop is not also a click: the next click of a walk (Save changes) must come after it.
  await page.waitForTimeout(300);
}

/** A dialog's width once its opening animation is over. */
export async function expectWidth(dialog: Locator, width: number): Promise<void> {
  await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(width);
}

/** Chooses the first option of a Fluent multiselect dropdown (its options are `role`: the import's inline popup has menu items). */
export async function chooseFirst(scope: Locator, label: string, role: 'option' | 'menuitemcheckbox' = 'option'): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  const options = role === 'option' ? scope.page().getByRole('listbox', { name: label }).getByRole('option') : scope.getByRole('menuitemcheckbox');
  await options.first().click();
  await scope.page().keyboard.press('Escape');
}
