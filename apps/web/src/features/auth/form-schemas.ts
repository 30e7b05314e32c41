// Form rules and messages shared with the server and the CLI (core/users/schemas). Kept apart
// from user-model so that only the form chunks carry zod.
export {
  changePasswordSchema,
  emailSchema,
  firstPasswordSchema,
  loginSchema,
  registerSchema,
} from '@core/users/schemas';
