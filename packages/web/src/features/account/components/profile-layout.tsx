import { Paper, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PROFILE_SECTIONS, type ProfileSection, profilePath } from '../../../lib/paths';
import { PageTitle } from '../../../components/page-title';

export const PROFILE_LABELS: Record<ProfileSection, string> = {
  accountDetails: 'Account Details',
  changePassword: 'Change Password',
  changeEmail: 'Change Email',
  alerts: 'Alert Subscriptions',
  deleteAccount: 'Delete Account',
};

/**
 * The profile pages' frame: their tabs, the page title and a card for the content, as wide as a
 * form (or, `wide`, as the page: a table).
 */
export function ProfileLayout({
  section,
  wide = false,
  children,
}: {
  section: ProfileSection;
  wide?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title={PROFILE_LABELS[section]} />
      <Tabs
        value={section}
        onChange={(value) => value && void navigate(profilePath(value as ProfileSection))}
        mb="md"
      >
        <Tabs.List aria-label="Profile pages">
          {PROFILE_SECTIONS.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {PROFILE_LABELS[s]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper withBorder radius="md" p="lg" maw={wide ? undefined : 640}>
        {children}
      </Paper>
    </>
  );
}
