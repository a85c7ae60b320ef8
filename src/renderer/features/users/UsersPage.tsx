import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { Learner } from '../../../shared/schemas/users';
import { LANGUAGES } from '../../../shared/constants';
import { callQuery } from '../../lib/calls';
import type { WindowSource } from '../../lib/windows';
import { ContentDialog } from '../../components/ContentDialog';
import { date, link, text, value } from '../../kit/columns';
import { ListScreen } from '../../kit/ListScreen';
import { MSG } from '../../../shared/messages';
import { USER_PAGE_SIZE, USER_PAGE_SIZES } from '../../lib/page-sizes';

/** Main keeps the learner list (tokens stay there) and serves the table its page. */
const LEARNERS: WindowSource = { list: 'learners' };

const useStyles = makeStyles({
  topics: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  topic: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  note: { color: tokens.colorNeutralForeground2 },
});

/** Current Progress: the topics of the learner's current module, the first Ongoing and the rest Locked. */
function CurrentProgressDialog({ learner, onClose }: { learner: Learner; onClose: () => void }) {
  const styles = useStyles();
  const moduleId = learner.currentProgress.moduleId;
  const module = useQuery({ ...callQuery('userApp.moduleProgress', { moduleId }), enabled: moduleId !== '' });
  return (
    <ContentDialog title="Current Progress" width={520} onClose={onClose}>
      {moduleId === '' ? (
        <Text className={styles.note}>This learner has not started a module yet.</Text>
      ) : module.isPending ? (
        <Spinner size="small" label="Loading the module…" />
      ) : module.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{MSG.unableToFetchProgress}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <Text as="p" weight="semibold">
            {module.data.module.name.english}
          </Text>
          <ol className={styles.topics} aria-label="Topics of the current module">
            {module.data.topics.map((topic, i) => (
              <li key={topic._id} className={styles.topic}>
                <Text>{topic.name.english}</Text>
                {i === 0 ? (
                  <Badge appearance="tint" color="success">
                    Ongoing
                  </Badge>
                ) : (
                  <Badge appearance="tint" color="subtle">
                    Locked
                  </Badge>
                )}
              </li>
            ))}
          </ol>
          {module.data.topics.length === 0 ? <Text className={styles.note}>This module has no topics.</Text> : null}
        </>
      )}
    </ContentDialog>
  );
}

/** Users (spec 1): the learners, searchable; Mobile opens the learner's progress, Progress their current module. */
export default function UsersPage() {
  const navigate = useNavigate();
  const [current, setCurrent] = useState<Learner | null>(null);
  const columns = useCallback(
    () => [
      link<Learner>('userInfo.mobileNumber', 'Mobile', (r) => navigate(`/user/progress/${encodeURIComponent(r.userInfo.mobileNumber)}`), (r) => `Progress of ${r.userInfo.mobileNumber}`, { id: 'mobile', width: 180 }),
      date<Learner>('loginTime', 'Last Login Time', (r) => r.userInfo.loginTime, { width: 180 }),
      text<Learner>('userInfo.preferredLanguage', 'Preferred Language', { id: 'language', filter: 'select', filterOptions: LANGUAGES }),
      value<Learner>('progress', 'Progress (%)', (r) => r.currentProgress.progress, {
        width: 140,
        align: 'end',
        cell: (r) => (
          <Button size="small" appearance="subtle" onClick={() => setCurrent(r)} aria-label={`${r.currentProgress.progress}% current progress of ${r.userInfo.mobileNumber}`}>
            {`${r.currentProgress.progress}%`}
          </Button>
        ),
      }),
    ],
    [navigate],
  );
  return (
    <ListScreen
      title="Users"
      subtitle="Learners and their progress."
      list={LEARNERS}
      rowId={(r) => r._id}
      columns={columns}
      search={{ placeholder: 'Search users' }}
      pageSize={USER_PAGE_SIZE}
      pageSizes={USER_PAGE_SIZES}
      emptyText="No learners yet."
      bulk={{ names: ['learner', 'learners'], label: (r) => r.userInfo.mobileNumber }}
    >
      {current ? <CurrentProgressDialog learner={current} onClose={() => setCurrent(null)} /> : null}
    </ListScreen>
  );
}
