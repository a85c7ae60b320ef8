/**
 * The course's own problems open Edit Course over the drawer. The reference server cannot hold a course
 * without a thumbnail or a Paid course without a fee (a platform can), so main's answer is stood in
 * here (and a link not checked); the other kinds' fixes are walked in tests/e2e/course-health.spec.ts against the real server.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Course } from '../../../shared/schemas/courses';
import type { CourseHealth } from '../../../shared/schemas/course-health';
import { fakeBridge, renderUi } from '../../test/render';
import { CourseHealthButton, libraryFileNotice } from './CourseHealth';

const COURSE: Course = {
  _id: 'c1', referenceId: 'CRS0042', name: 'Paid and bare', description: '', language: 'English', pricingPlan: { planType: 'Paid', courseFee: 0 },
  modulesSkippable: false, hasOnlyVideos: false, thumbnail: '', status: 'draft', modulesCount: 0, modules: [],
  created: { at: '2026-11-26T10:00:00.000Z' }, updated: { at: '2026-11-26T10:00:00.000Z' },
};
const problem = (kind: 'paidWithoutFee' | 'noThumbnail', message: string) => ({ kind, courseId: 'c1', recordId: 'c1', title: COURSE.name, folderPath: [], fileId: '', message });
const HEALTH: CourseHealth = {
  courseId: 'c1', name: COURSE.name, language: 'English', status: 'draft', folders: 0, videos: 0, linksChecked: false,
  problems: [problem('paidWithoutFee', 'The course is Paid but has no fee.'), problem('noThumbnail', 'The course has no thumbnail.')],
};

describe('CourseHealthButton', () => {
  it("opens Edit Course from a course's own problem, over the drawer", async () => {
    const bridge = fakeBridge({
      'api:courseTools.health': () => ({ ok: true, data: HEALTH }),
      'api:videoRepository.courses': () => ({ ok: true, data: [COURSE] }),
    });
    const { user } = renderUi(<CourseHealthButton courseId="c1" courseName={COURSE.name} />);
    await user.click(screen.getByRole('button', { name: 'Course health' }));
    const drawer = await screen.findByRole('dialog', { name: 'Course health: Paid and bare' });
    expect(await within(drawer).findByText('2 problems in 0 videos and 0 folders.')).toBeTruthy();
    expect(bridge.inputsOf('api:courseTools.health')).toEqual([{ courseId: 'c1', links: false }]);
    await user.click(within(drawer).getByRole('button', { name: 'Edit the course: Paid and bare (No thumbnail)' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Course' });
    expect((within(edit).getByRole('textbox', { name: /Course name/ }) as HTMLInputElement).value).toBe('Paid and bare');
    // Closed, the dialog gives the drawer back, still showing the problems.
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));
    expect(within(await screen.findByRole('dialog', { name: 'Course health: Paid and bare' })).getByText('2 problems in 0 videos and 0 folders.')).toBeTruthy();
  });

  it('shows a link that was not checked, with why, and the library file to fix it', async () => {
    const message = 'The link was not checked: 192.168.1.20 is an address of a private network; only public web addresses are checked.';
    const notChecked = { kind: 'linkNotChecked' as const, courseId: 'c1', recordId: 'v1', title: 'Intranet talk', folderPath: [{ _id: 'm1', title: 'Basics' }], fileId: 'f1', message };
    fakeBridge({
      'api:courseTools.health': () => ({ ok: true, data: { ...HEALTH, videos: 1, folders: 1, linksChecked: true, problems: [notChecked] } }),
      'api:videoRepository.courses': () => ({ ok: true, data: [COURSE] }),
    });
    const { user } = renderUi(<CourseHealthButton courseId="c1" courseName={COURSE.name} />);
    await user.click(screen.getByRole('button', { name: 'Course health' }));
    const drawer = await screen.findByRole('dialog', { name: 'Course health: Paid and bare' });
    const row = (await within(drawer).findByText(message)).closest('tr')!;
    expect(within(row as HTMLElement).getByText('Link not checked')).toBeTruthy();
    expect(within(row as HTMLElement).getByRole('button', { name: 'Edit the library file: Intranet talk (Link not checked)' })).toBeTruthy();
  });

  it('gives the focus back to its button when the drawer closes (Close, then Escape)', async () => {
    fakeBridge({
      'api:courseTools.health': () => ({ ok: true, data: HEALTH }),
      'api:videoRepository.courses': () => ({ ok: true, data: [COURSE] }),
    });
    const { user } = renderUi(<CourseHealthButton courseId="c1" courseName={COURSE.name} />);
    const opener = screen.getByRole('button', { name: 'Course health' });
    await user.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'Course health: Paid and bare' });
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Course health: Paid and bare' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("Fix of a library file says it is the library's record, used wherever it is linked, and names its other title", async () => {
    const problemOf = { kind: 'brokenLink' as const, courseId: 'c1', recordId: 'v1', title: 'Intranet talk', folderPath: [], fileId: 'f1', message: 'The link does not answer.' };
    expect(libraryFileNotice({ title: 'Talk on the intranet' }, 'Intranet talk')).toBe(
      'In the library this file is titled “Talk on the intranet”; this course calls it “Intranet talk”. This is the library file itself: a change here (its status too) applies in every course that links it, not only in this one.',
    );
    expect(libraryFileNotice({ title: 'Intranet talk' }, 'Intranet talk')).not.toContain('titled');
    const file = {
      _id: 'f1', fileId: 7, title: 'Talk on the intranet', description: 'A talk.', language: 'English', visibility: 'Public', status: 'live', level: 1, type: 'Interview',
      businessIdeas: [], category: [], keywords: [], source: 'link', fileType: 'video', fileUrl: 'https://example.com/talk.mp4', duration: 60, thumbnail: '', questionBank: [],
      metaInfo: { created: { at: '2026-11-26T10:00:00.000Z' }, updated: { at: '2026-11-26T10:00:00.000Z' } },
    };
    fakeBridge({
      'api:courseTools.health': () => ({ ok: true, data: { ...HEALTH, problems: [problemOf] } }),
      'api:videoRepository.courses': () => ({ ok: true, data: [COURSE] }),
      'api:library.mediaList': () => ({ ok: true, data: [file] }),
      'api:library.keywords': () => ({ ok: true, data: [] }),
      'api:library.categories': () => ({ ok: true, data: [] }),
      'api:businessIdeas.all': () => ({ ok: true, data: [] }),
    });
    const { user } = renderUi(<CourseHealthButton courseId="c1" courseName={COURSE.name} />);
    await user.click(screen.getByRole('button', { name: 'Course health' }));
    const drawer = await screen.findByRole('dialog', { name: 'Course health: Paid and bare' });
    // The Details cell carries its whole text as a tooltip.
    expect((await within(drawer).findByText('The link does not answer.')).getAttribute('title')).toBe('The link does not answer.');
    await user.click(within(drawer).getByRole('button', { name: /^Edit the library file: Intranet talk/ }));
    const edit = await screen.findByRole('dialog', { name: /Edit/ });
    expect(await within(edit).findByText(/In the library this file is titled “Talk on the intranet”; this course calls it “Intranet talk”\./)).toBeTruthy();
  });
});
