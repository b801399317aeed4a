import { ActionIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** A button of a preview's toolbar (page, zoom): an icon only, named by `label`, in the toolbar's one look. */
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
    <ActionIcon variant="default" aria-label={label} disabled={disabled} onClick={onClick}>
      <ButtonIcon aria-hidden />
    </ActionIcon>
  );
}
