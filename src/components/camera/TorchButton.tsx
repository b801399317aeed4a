import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconBulb, IconBulbOff } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { hasTorch, setTorch } from './cameraStream.ts';

/** "Light on" / "Light off" for the camera's torch, shown only where the track offers one. */
export function TorchButton({ track }: { track: MediaStreamTrack | undefined }) {
  const [torchOn, setTorchOn] = useState(false);
  if (!track || !hasTorch(track)) return null;
  return (
    <Button
      size="lg"
      variant="default"
      leftSection={torchOn ? <IconBulbOff aria-hidden /> : <IconBulb aria-hidden />}
      aria-pressed={torchOn}
      onClick={() => {
        const on = !torchOn;
        void setTorch(track, on).then(() => setTorchOn(on));
      }}
    >
      {torchOn ? (
        <FormattedMessage
          defaultMessage="Light off"
          id="vSY+Vx"
          description="Button: turn the camera's torch off"
        />
      ) : (
        <FormattedMessage
          defaultMessage="Light on"
          id="Kvk75T"
          description="Button: turn the camera's torch on"
        />
      )}
    </Button>
  );
}
