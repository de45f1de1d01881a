import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { signupSchema } from '@powerdeck/domain';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { CenteredCard } from '../../../components/centered-card';
import { useSignup } from '../api/signup';
import { fieldError } from '../components/field-error';
import { ServerError } from '../components/server-error';

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
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              {...form.register('firstName')}
              error={fieldError(form, 'firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              {...form.register('lastName')}
              error={fieldError(form, 'lastName')}
            />
          </Group>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.register('email')}
            error={fieldError(form, 'email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters"
            required
            {...form.register('password', { deps: ['passwordConfirm'] })}
            error={fieldError(form, 'password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.register('passwordConfirm')}
            error={fieldError(form, 'passwordConfirm')}
          />
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
