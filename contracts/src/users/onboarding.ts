/**
 * The first-day onboarding: units, then body metrics, then the goal. Where a user stands in it
 * is part of their account (OnboardingChanged on the user stream), so it follows them to every
 * device: a step while it is under way (where it resumes), or how it ended.
 */
export const ONBOARDING_STEPS = ['units', 'body', 'goal'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_STATUSES = [...ONBOARDING_STEPS, 'skipped', 'done'] as const;
/**
 * A step: under way, resuming there. `skipped` and `done`: over, never offered again unasked.
 * The user document holds null for an account made before the onboarding existed.
 */
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

/** Where a new account starts. */
export const FIRST_ONBOARDING_STEP: OnboardingStep = 'units';

/** Whether the onboarding is under way (a step), rather than over or never offered. */
export const onboardingUnderWay = (status: string | null | undefined): status is OnboardingStep =>
  (ONBOARDING_STEPS as readonly (string | null | undefined)[]).includes(status);
