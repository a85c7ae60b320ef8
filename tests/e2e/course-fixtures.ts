/**
 * Fixtures of the course, directory and topic specs: thumbnails made for the test (ffmpeg), records
 * created through window.api when a test needs them to start from, and the two ways to reorder rows.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Api } from '../../src/shared/api';
import type { Language } from '../../src/shared/constants';
import type { Course, CourseDocument } from '../../src/shared/schemas/courses';
import { unique } from './helpers';
import { queuePick, tempDir } from './library-fixtures';

type WithApi = { api: Api };

/** A png of `size` x `size` (noise, so that it is not tiny: the upload shows progress). */
export function makeImage(size = 800, name = `thumb-${unique()}.png`): string {
  const path = join(tempDir(), name);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', `nullsrc=s=${size}x${size},geq=random(1)*255:128:128`, '-frames:v', '1', '-y', path], { stdio: 'pipe' });
  return path;
}

/** Sets the remembered course language (null: all) in main's settings. */
export async function rememberLanguage(page: Page, language: Language | null): Promise<void> {
  const result = await page.evaluate((courseLanguage) => (globalThis as unknown as WithApi).api.settings.setPreferences({ courseLanguage }), language);
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

/** Creates a course through window.api (its thumbnail granted through the open dialog's stand-in). */
export async function createCourse(
  page: Page,
  request: APIRequestContext,
  fields: { name?: string; language?: Language; courseFee?: number; hasOnlyVideos?: boolean } = {},
): Promise<Course> {
  await queuePick(request, makeImage(64));
  const name = fields.name ?? `Course ${unique()}`;
  const result = await page.evaluate(
    async ({ name, language, courseFee, hasOnlyVideos }) => {
      const api = (globalThis as unknown as WithApi).api;
      const grant = await api.files.pick({ kind: 'image' });
      if (!grant.ok || !grant.data) return { ok: false as const, error: grant };
      const created = await api.videoRepository.createCourse({ name, language, courseFee, description: 'Made by an end-to-end test.', hasOnlyVideos, thumbnail: { grantId: grant.data.grantId } });
      if (!created.ok) return { ok: false as const, error: created };
      const list = await api.videoRepository.courses();
      return list.ok ? { ok: true as const, course: list.data.find((c) => c.name === name) } : { ok: false as const, error: list };
    },
    { name, language: fields.language ?? 'English', courseFee: fields.courseFee ?? 0, hasOnlyVideos: fields.hasOnlyVideos ?? false },
  );
  expect(result.ok && result.course, JSON.stringify(result)).toBeTruthy();
  return (result as { course: Course }).course;
}

/** Creates a folder through window.api and returns it. */
export async function createFolder(page: Page, courseId: string, parent: string, title = `Folder ${unique()}`): Promise<CourseDocument> {
  const result = await page.evaluate(
    async ({ courseId, parent, title }) => {
      const api = (globalThis as unknown as WithApi).api;
      const created = await api.videoRepository.createDocument({ type: 'folder', title, description: '', courseId, parent });
      if (!created.ok) return { ok: false as const, error: created };
      const listing = await api.videoRepository.document({ id: parent || courseId });
      return listing.ok ? { ok: true as const, doc: listing.data.descendants.find((d) => d.title === title) } : { ok: false as const, error: listing };
    },
    { courseId, parent, title },
  );
  expect(result.ok && result.doc, JSON.stringify(result)).toBeTruthy();
  return (result as { doc: CourseDocument }).doc;
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
