/**
 * The signed-out account pages (sign-up, password reset, verification), as one chunk: see
 * lazy-pages.ts.
 */
export { SignupPage } from '../../features/auth/routes/signup-page';
export { RegistrationSuccessPage } from '../../features/auth/routes/registration-success-page';
export { NewAccountVerifyPage } from '../../features/auth/routes/new-account-verify-page';
export { ForgotPasswordPage } from '../../features/auth/routes/forgot-password-page';
export { ResetPasswordPage } from '../../features/auth/routes/reset-password-page';
export { RedirectLoginPage } from '../../features/auth/routes/redirect-login-page';
