import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Link, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { callQuery } from '../../lib/calls';
import { PageHeader } from '../../components/PageHeader';

/**
 * /videos/{id} (a route spec 1 names): one course video. It has no screen of its own: GET /video/{id}
 * says where it lives, and the address becomes its topic's videos, on its concept, with its preview open.
 * Reached by clicking a video in a learner's progress.
 */
export default function VideoRoute() {
  const id = useParams().videoId ?? '';
  const navigate = useNavigate();
  const video = useQuery({ ...callQuery('videoRepository.video', { id }), retry: false });
  if (video.data) {
    const { topicId, conceptId } = video.data;
    // A topic without concepts holds its videos itself (their concept is the topic).
    const search = new URLSearchParams({ ...(conceptId && conceptId !== topicId ? { concept: conceptId } : {}), video: id });
    return <Navigate replace to={`/topics/${encodeURIComponent(topicId)}?${search.toString()}`} />;
  }
  return (
    <>
      <PageHeader title="Video" />
      {video.isError ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            {`This video could not be opened: ${video.error.message} `}
            <Link onClick={() => navigate('/course')}>Go to Courses</Link>
          </MessageBarBody>
        </MessageBar>
      ) : (
        <Spinner label="Opening the video…" />
      )}
    </>
  );
}
