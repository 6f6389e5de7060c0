import { Button, type ButtonProps, type ButtonVariant } from '@mantine/core';

interface Props extends Omit<ButtonProps, 'loading'> {
  variant?: ButtonVariant;
  /** An action that takes no input, such as a TanStack Query mutation of `void`. */
  mutation: { mutate: () => void; isPending: boolean };
}

/** A button that runs an action taking no input and spins while it runs, so it is not pressed twice. */
export function MutationButton({ mutation, ...props }: Props) {
  return <Button {...props} onClick={() => mutation.mutate()} loading={mutation.isPending} />;
}
