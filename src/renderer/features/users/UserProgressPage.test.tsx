/**
 * The progress tree's video links keep their element while the page renders again: a concept's quiz
 * results arriving made new columns, and a name cell made anew was a new component to React, which
 * mounted every name cell again; a click pressed before and released after lost its link (seen in CI).
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { CompletedVideo, ProgressSummary } from '../../../shared/schemas/users';
import { fakeBridge, renderUi } from '../../test/render';
import UserProgressPage from './UserProgressPage';

const AT = '2026-11-26T10:00:00.000Z';
const VIDEO = { videoId: 'v1', title: 'Machines and tools, part 1', startTime: AT, watchTime: 512, completed: true };
const SUMMARY: ProgressSummary = {
  courseId: 'c1', courseName: 'Tailoring business basics', videos: [{ videoId: 'v1', watchTime: 512 }],
  modules: [{ _id: 'm1', name: { english: 'Setting up your shop' }, startTime: AT, watchTime: 512, topics: [
    { _id: 't1', name: { english: 'Tools you need' }, startTime: AT, watchTime: 512, concepts: [
      { _id: 'k1', name: { english: 'Machines and tools' }, startTime: AT, watchTime: 512, videos: [VIDEO] },
    ] },
  ] }],
};
const COMPLETED: CompletedVideo[] = [{ conceptId: 'k1', videoId: 'v1', title: VIDEO.title, startTime: AT, score: 1, questionBank: [{ _id: 'q1', question: 'Which needle?', isAnsweredRight: true }] }];

describe('UserProgressPage', () => {
  it("keeps a video's link (the same element) when the concept's quiz results arrive", async () => {
    let answerConcept: (value: unknown) => void = () => undefined;
    fakeBridge({
      'api:learners.progress': () => ({ ok: true, data: SUMMARY }),
      'api:learners.conceptProgress': () => new Promise((resolve) => (answerConcept = () => resolve({ ok: true, data: COMPLETED }))),
    });
    const { user } = renderUi(
      <Routes>
        <Route path="/user/progress/:mobile" element={<UserProgressPage />} />
      </Routes>,
      { path: '/user/progress/9820012345' },
    );
    await user.click(await screen.findByRole('button', { name: 'Expand Setting up your shop' }));
    await user.click(await screen.findByRole('button', { name: 'Expand Tools you need' }));
    await user.click(await screen.findByRole('button', { name: 'Expand Machines and tools' }));
    const link = await screen.findByRole('button', { name: VIDEO.title });
    expect(screen.getByText('Loading…')).toBeTruthy();
    answerConcept(null);
    await screen.findByRole('button', { name: `Quiz result of ${VIDEO.title}` });
    await waitFor(() => expect(screen.getByRole('button', { name: VIDEO.title })).toBe(link));
    expect(link.isConnected).toBe(true);
  });
});
