import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dialog at Vela's door that only an answer inside it closes: no close button, no click outside, no Escape. */
export function BlockingModal(props: { opened: boolean; title: string; children: ReactNode }) {
  return (
    <Modal
      opened={props.opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={props.title}
      centered
    >
      {props.children}
    </Modal>
  );
}
