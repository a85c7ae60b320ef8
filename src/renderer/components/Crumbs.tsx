import { Fragment } from 'react';
import { useNavigate } from 'react-router-dom';
import { Breadcrumb, BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem, makeStyles, tokens } from '@fluentui/react-components';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb (the current screen) has none. */
  to?: string;
}

const useStyles = makeStyles({
  root: { marginBottom: tokens.spacingVerticalS, flexShrink: 0 },
});

/** The breadcrumb of a screen: each earlier crumb navigates (a history entry, so Back returns). */
export function Crumbs({ items }: { items: readonly Crumb[] }) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <Breadcrumb aria-label="Breadcrumb" className={styles.root} size="small">
      {items.map((item, index) => {
        const last = index === items.length - 1;
        return (
          <Fragment key={`${index}-${item.label}`}>
            <BreadcrumbItem>
              <BreadcrumbButton current={last} onClick={item.to && !last ? () => navigate(item.to as string) : undefined}>
                {item.label}
              </BreadcrumbButton>
            </BreadcrumbItem>
            {last ? null : <BreadcrumbDivider />}
          </Fragment>
        );
      })}
    </Breadcrumb>
  );
}
