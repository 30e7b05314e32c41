/** The PayPal emulator: a local stand-in for PayPal's REST API, checkout page and webhooks. */
export { startPayPalEmulator, SANDBOX_PAYPAL_APP } from './server';
export type { PayPalEmulator, PayPalEmulatorControl, PayPalEmulatorOptions, PayPalFault, PayPalOp, WebhookDelivery, WebhookFault } from './server';
export type { EmuCapture, EmuOrder, EmuRefund } from './world';
