import { Button, Group, Modal, Stepper } from '@mantine/core';
import type { ReactNode } from 'react';

export interface WizardStep {
  label: string;
  content: ReactNode;
  /** Next (or Finish on the last step) is disabled while this is true (spec §5). */
  disableNextButton: boolean;
}

export interface StepperModalProps {
  opened: boolean;
  title: string;
  steps: readonly WizardStep[];
  active: number;
  onStep: (index: number) => void;
  onCancel: () => void;
  onFinish: () => void;
  finishing?: boolean;
}

/** The stepper modal (spec §2): Next, Back, Cancel, Finish; static with a backdrop. */
export function StepperModal(props: StepperModalProps) {
  const { steps, active } = props;
  const step = steps[active];
  const last = active === steps.length - 1;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={props.title}
      size="lg"
      closeOnClickOutside={false}
      centered
    >
      <Stepper active={active} size="sm" mb="md" allowNextStepsSelect={false}>
        {steps.map((s) => (
          <Stepper.Step key={s.label} label={s.label} />
        ))}
      </Stepper>
      {step?.content}
      <Group justify="space-between" mt="lg">
        <Button variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Group gap="xs">
          <Button
            variant="default"
            disabled={active === 0}
            onClick={() => props.onStep(active - 1)}
          >
            Back
          </Button>
          {last ? (
            <Button
              disabled={step?.disableNextButton ?? true}
              loading={props.finishing}
              onClick={props.onFinish}
            >
              Finish
            </Button>
          ) : (
            <Button
              disabled={step?.disableNextButton ?? true}
              onClick={() => props.onStep(active + 1)}
            >
              Next
            </Button>
          )}
        </Group>
      </Group>
    </Modal>
  );
}
