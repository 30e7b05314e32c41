// The billing feature's public face: the Settings page (and /trial-status) mount the Billing section.
export { BillingSection } from './components/billing-section';
export { useBilling } from './api/billing';
