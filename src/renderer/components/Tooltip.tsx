import { useState } from 'react';
import { Tooltip as FluentTooltip, type TooltipProps } from '@fluentui/react-components';
import { focusGivenBack } from './useFocusReturn';

/**
 * Fluent's Tooltip, except that it stays closed when a closing dialog gives the focus back to its
 * button: Fluent opens it on that focus while the keyboard is in use, and it then covers the row above
 * and takes the click meant for that row's buttons. Hover and Tab still open it.
 */
export function Tooltip({ onVisibleChange, ...props }: TooltipProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FluentTooltip
      {...props}
      visible={visible}
      onVisibleChange={(event, data) => {
        if (data.visible && event?.type === 'focus' && focusGivenBack(event.target)) return;
        setVisible(data.visible);
        onVisibleChange?.(event, data);
      }}
    />
  );
}
