import { ActionIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/**
 * A button of a preview's toolbar (page, zoom): an icon only, named by `label`, in the toolbar's one
 * look. Unavailable, it looks and is announced disabled yet keeps focus: Next page pressed on the last
 * page must not drop focus to the page's body.
 */
export function ViewerButton({
  icon: ButtonIcon,
  label,
  disabled,
  onClick,
}: {
  icon: Icon;
  label: string;
  disabled: boolean;
  onClick(): void;
}) {
  return (
    <ActionIcon
      variant="default"
      aria-label={label}
      data-disabled={disabled || undefined}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick();
      }}
    >
      <ButtonIcon aria-hidden />
    </ActionIcon>
  );
}
