import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { signupSchema } from '@powerdeck/domain';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { CenteredCard } from '../../../components/centered-card';
import { EmailField, FormTextInput, NewPasswordFields } from '../../../components/form-fields';
import { useSignup } from '../api/signup';
import { ServerError } from '../../../components/server-error';

export function SignupPage() {
  const navigate = useNavigate();
  const signup = useSignup();
  const form = useForm({
    resolver: zodResolver(signupSchema),
    mode: 'all',
    defaultValues: { firstName: '', lastName: '', email: '', password: '', passwordConfirm: '' },
  });

  const handleSubmit = form.handleSubmit((input) => {
    signup.mutate(input, {
      onSuccess: () =>
        void navigate(paths.registrationSuccess, { state: { email: input.email }, replace: true }),
    });
  });

  return (
    <CenteredCard title="Create your account">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <ServerError error={signup.error} />
          <Group grow align="flex-start" gap="sm">
            <FormTextInput
              form={form}
              name="firstName"
              label="First name"
              autoComplete="given-name"
              required
            />
            <FormTextInput
              form={form}
              name="lastName"
              label="Last name"
              autoComplete="family-name"
              required
            />
          </Group>
          <EmailField form={form} />
          <NewPasswordFields form={form} label="Password" confirmLabel="Confirm password" />
          <Button type="submit" loading={signup.isPending} fullWidth>
            Sign up
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.login}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </CenteredCard>
  );
}
